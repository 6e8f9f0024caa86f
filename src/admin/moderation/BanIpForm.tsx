// The Ban IP dialog (SPEC 2.5): IP Address (required; SPEC 5 shows no format check, the server
// names a bad address) and Reason (optional, pre-filled when banning a comment's address).
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Modal } from '../Modal.tsx';
import { NoticeBanner, SubmitButton, TextField } from '../components.tsx';
import { namedFailure } from '../data/failure.ts';
import { moderationApi } from './api.ts';

/** SPEC 2.5: the reason given when the ban starts from a comment. */
export const COMMENT_BAN_REASON = 'Spam/inappropriate content';

export interface BanRequest {
  ip: string;
  reason: string;
}

interface BanIpFormProps {
  initial: BanRequest;
  onClose(): void;
  onBanned(): void;
}

export function BanIpForm({ initial, onClose, onBanned }: BanIpFormProps) {
  const [ip, setIp] = useState(initial.ip);
  const [reason, setReason] = useState(initial.reason);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // Start where there is typing to do: the address, or the reason when the address came along.
  // The dialog opens (showModal, which moves focus) after this effect: focus once it has.
  useEffect(() => {
    const field = form.current?.elements.namedItem(initial.ip ? 'reason' : 'ip_address');
    queueMicrotask(() => (field as HTMLInputElement | null)?.focus());
  }, [initial.ip]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = ip.trim();
    if (!address) return setError('IP address is required');
    setBusy(true);
    setError(null);
    try {
      await moderationApi.banIp(address, reason.trim());
      onBanned();
    } catch (failure) {
      setError(namedFailure(failure, 'Failed to ban IP'));
      setBusy(false);
    }
  }

  return (
    <Modal title="Ban IP Address" onClose={onClose}>
      <form ref={form} className="form" onSubmit={(event) => void submit(event)} noValidate>
        <NoticeBanner notice={error ? { kind: 'error', text: error } : null} />
        <TextField
          label="IP Address"
          value={ip}
          onChange={setIp}
          required
          aria-required="true"
          name="ip_address"
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
          placeholder="203.0.113.7 or 2001:db8::1"
          maxLength={100}
        />
        <TextField label="Reason (optional)" name="reason" value={reason} onChange={setReason} maxLength={500} />
        <div className="form-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton busy={busy} label="Ban IP" busyLabel="Banning..." />
        </div>
      </form>
    </Modal>
  );
}
