// Followers by scope, confirmed and waiting to confirm, in the API's order: every story first, then each story by title.
import type { ScopeCount } from './api.ts';
import { EVERY_STORY } from './display.ts';
import { CountTiles, TableHead } from './parts.tsx';

export function SubscriberCounts({ counts }: { counts: readonly ScopeCount[] }) {
  const confirmed = counts.reduce((sum, count) => sum + count.confirmed, 0);
  const pending = counts.reduce((sum, count) => sum + count.pending, 0);
  return (
    <section className="subscriber-counts" aria-labelledby="subscriber-counts-title">
      <h2 id="subscriber-counts-title">Followers</h2>
      <CountTiles
        tiles={[
          ['Confirmed', confirmed],
          ['Waiting to confirm', pending],
        ]}
      />
      {counts.length > 0 && (
        <table className="subscribers-table subscriber-count-table">
          <caption className="visually-hidden">Followers by story</caption>
          <TableHead columns={['Follows', 'Confirmed', 'Waiting']} />
          <tbody>
            {counts.map((count) => (
              <tr key={count.story_slug ?? ''}>
                <th scope="row">{count.story_slug === null ? EVERY_STORY : (count.story_title ?? count.story_slug)}</th>
                <td>{count.confirmed}</td>
                <td>{count.pending}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
