// The 18+ confirmation of an adult story (decision 0024): the same question as X galleries
// and the same remembered answer. The page's gated parts are hidden by adult-content.css until
// html.adult-confirmed is set; this island stands in their place with a notice, asks, and sets
// the class on confirming. Declining leaves everything hidden, with the way back to the list.
import { useEffect, useState } from 'react';
import { confirmAdult, hasConfirmedAdult } from '#lib/adult-content.ts';
import { STORIES_PATH } from '#lib/reader-urls.ts';
import AgeGate from './AgeGate.tsx';

const ADULT_CONFIRMED_CLASS = 'adult-confirmed';

interface Props {
  /** What the notice says is hidden, e.g. "This story is for adults (18+) only." */
  notice: string;
  /** Label of the button that asks the question (again). */
  askLabel: string;
  /** Ask as soon as the page opens and offer the way back (a story or chapter page), or only on request (the story list). */
  askOnLoad: boolean;
}

const reveal = () => document.documentElement.classList.add(ADULT_CONFIRMED_CLASS);

export default function AdultStoryGate({ notice, askLabel, askOnLoad }: Props) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (hasConfirmedAdult()) reveal();
    else if (askOnLoad) setOpen(true);
  }, [askOnLoad]);

  return (
    <div className="adult-notice" data-adult-notice>
      <p>{notice}</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
          {askLabel}
        </button>
        {askOnLoad && (
          <a className="btn" href={`${STORIES_PATH}/`}>
            Back to all stories
          </a>
        )}
      </div>
      <AgeGate
        open={open}
        reason="This story contains adult content. Confirm that you are at least 18 years old to read it."
        declineLabel="No, keep it hidden"
        onConfirm={() => {
          confirmAdult();
          setOpen(false);
          reveal();
        }}
        onDecline={() => setOpen(false)}
      />
    </div>
  );
}
