// The Ban IP dialog: IP Address (required; the form makes no format check, the server
// names a bad address) and Reason (optional, pre-filled when banning a comment's address).
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Modal } from '../Modal.tsx';
import { BAN_REASON_MAX_LENGTH } from '#lib/limits.ts';
import { FormActions, NoticeBanner, TextField } from '../components.tsx';
import { namedFailure } from '../data/failure.ts';
import { useSave } from '../data/useSave.ts';
import { moderationApi } from './api.ts';
import { queryKeys } from '../data/keys.ts';

/** The reason given when the ban starts from a comment. */
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
  const [missing, setMissing] = useState(false);
  const ban = useSave({
    mutationFn: ({ address, reason }: { address: string; reason: string }) => moderationApi.banIp(address, reason),
    invalidates: [queryKeys.moderation],
    onSuccess: onBanned,
  });
  const error = missing ? 'IP address is required' : ban.error && namedFailure(ban.error, 'Failed to ban IP');
  const form = useRef<HTMLFormElement>(null);

  // Start where there is typing to do: the address, or the reason when the address came along.
  // The dialog opens (showModal, which moves focus) after this effect: focus once it has.
  useEffect(() => {
    const field = form.current?.elements.namedItem(initial.ip ? 'reason' : 'ip_address');
    queueMicrotask(() => (field as HTMLInputElement | null)?.focus());
  }, [initial.ip]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = ip.trim();
    setMissing(!address);
    ban.reset();
    if (address) ban.mutate({ address, reason: reason.trim() });
  }

  return (
    <Modal title="Ban IP Address" onClose={onClose}>
      <form ref={form} className="form" onSubmit={submit} noValidate>
        <NoticeBanner notice={error ? { kind: 'error', text: error } : null} />
        <TextField
          label="IP Address"
          value={ip}
          error={missing ? 'IP address is required' : undefined}
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
        <TextField label="Reason (optional)" name="reason" value={reason} onChange={setReason} maxLength={BAN_REASON_MAX_LENGTH} />
        <FormActions onCancel={onClose} busy={ban.isPending} label="Ban IP" busyLabel="Banning..." />
      </form>
    </Modal>
  );
}
