// The admin's drag-and-drop lists (the chapter list, a gallery's images): items are moved by a
// handle with the mouse or a finger, or by the keyboard on it (Space or Enter picks up, the arrow
// keys move, Space or Enter drops, Escape cancels), and a screen reader hears how and where.
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, type SortingStrategy, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { ReactNode } from 'react';

interface SortableAreaProps {
  /** What one item is called in the instructions: "a chapter", "an image". */
  itemName: string;
  ids: (string | number)[];
  strategy: SortingStrategy;
  announcements: Announcements;
  onDragEnd(event: DragEndEvent): void;
  children: ReactNode;
}

export function SortableArea({ itemName, ids, strategy, announcements, onDragEnd, children }: SortableAreaProps) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const draggable = `To move ${itemName}, press Space or Enter, move it with the arrow keys, then press Space or Enter to drop it or Escape to cancel.`;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable } }}
    >
      <SortableContext items={ids} strategy={strategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
