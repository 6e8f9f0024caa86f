// The generation settings the file carried (steps, sampler, CFG, seed, size and upscaled size), in the lightbox.
import type { GenerationSettings } from '#lib/galleries.ts';
import { settingsSize } from '#lib/gallery-display.ts';

export default function GallerySettings({ settings }: { settings: GenerationSettings | null | undefined }) {
  if (!settings) return null;
  const rows: [string, string | number | null][] = [
    ['Steps', settings.steps],
    ['Sampler', settings.sampler],
    ['Scheduler', settings.scheduler],
    ['CFG scale', settings.cfg],
    ['Seed', settings.seed],
    ['Size', settingsSize(settings)],
  ];
  const known = rows.filter(([, value]) => value !== null && value !== '');
  if (known.length === 0) return null;
  return (
    <dl className="gallery-settings">
      {known.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
