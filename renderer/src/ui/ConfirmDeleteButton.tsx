// A Delete button that asks first, in place: what goes and what stays, then "Delete" or "Keep". Nothing is deleted
// by one stray click; Escape or Keep takes the question back.
import { useEffect, useRef, useState } from 'react';

export interface ConfirmDeleteButtonProps {
  /** The question, naming what goes: `Delete "Ridge fence"? Its alerts so far stay.` */
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
  /** Test id of the first button; the question's buttons add `-confirm` and `-keep`. */
  testId?: string;
  /** The first button's accessible name ("Delete Ridge fence"). */
  ariaLabel?: string;
}

export function ConfirmDeleteButton({ question, onConfirm, disabled, testId, ariaLabel }: ConfirmDeleteButtonProps) {
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  // The question takes the focus on its safe answer; taken back, the focus returns to Delete.
  useEffect(() => {
    if (asking) keep.current?.focus();
    else if (wasAsking.current) first.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button ref={first} type="button" className="danger" data-testid={testId} aria-label={ariaLabel} disabled={disabled} onClick={() => setAsking(true)}>
        Delete
      </button>
    );
  }
  return (
    <span
      className="confirm-delete"
      role="group"
      aria-label={question}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Not also the map's or the drawing's Escape.
        event.stopPropagation();
        setAsking(false);
      }}
    >
      <span className="confirm-delete-question">{question}</span>
      <button
        type="button"
        className="danger"
        data-testid={testId && `${testId}-confirm`}
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        Delete
      </button>
      <button ref={keep} type="button" data-testid={testId && `${testId}-keep`} onClick={() => setAsking(false)}>
        Keep
      </button>
    </span>
  );
}
