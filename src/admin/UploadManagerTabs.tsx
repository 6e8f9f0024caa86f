// Accessible tabs (WAI-ARIA tabs pattern): one tab stop, arrow keys, Home and End move between
// tabs, each tab controls its panel.
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

interface TabsProps<K extends string> {
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect(key: K): void;
  children: ReactNode;
}

export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: TabsProps<K>) {
  const baseId = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = `${baseId}-panel`;

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length]!.key;
    onSelect(next);
    buttons.current.get(next)?.focus();
  }

  return (
    <>
      <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map(({ key, label: tabLabel }) => (
          <button
            key={key}
            ref={(element) => {
              if (element) buttons.current.set(key, element);
            }}
            id={tabId(key)}
            type="button"
            role="tab"
            className="tab"
            aria-selected={key === selected}
            aria-controls={panelId}
            tabIndex={key === selected ? 0 : -1}
            onClick={() => onSelect(key)}
          >
            {tabLabel}
          </button>
        ))}
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes focus after its tabs (WAI-ARIA tabs pattern) */}
      <div id={panelId} className="tab-panel" role="tabpanel" aria-labelledby={tabId(selected)} tabIndex={0}>
        {children}
      </div>
    </>
  );
}
