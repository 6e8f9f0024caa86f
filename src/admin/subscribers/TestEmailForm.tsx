// 'Send a test email': sent at once, not queued, so the answer shown is the mail server's own,
// a refusal included. The address is remembered on this device for the next test.
import { type FormEvent, useState } from 'react';
import { NoticeBanner, SubmitButton, TextField } from '../components.tsx';
import { failureText } from '../data/failure.ts';
import { useTestEmail } from './queries.ts';

const REMEMBERED = 'admin.test-email';

function remembered(): string {
  try {
    return localStorage.getItem(REMEMBERED) ?? '';
  } catch {
    return ''; // storage refused (private mode): nothing remembered
  }
}

function remember(address: string) {
  try {
    localStorage.setItem(REMEMBERED, address);
  } catch {
    // not remembered: the test is sent all the same
  }
}

export function TestEmailForm() {
  const [address, setAddress] = useState(remembered);
  const test = useTestEmail();

  function submit(event: FormEvent) {
    event.preventDefault();
    const email = address.trim();
    remember(email);
    test.mutate(email);
  }

  const answer = test.isPending
    ? null
    : test.error
      ? { kind: 'error' as const, text: failureText(test.error, 'The test email could not be sent.') }
      : test.data
        ? { kind: 'success' as const, text: test.data.message }
        : null;
  return (
    <form className="form test-email" onSubmit={submit} noValidate>
      <TextField
        label="Send a test email to"
        type="email"
        name="test_email"
        autoComplete="email"
        spellCheck={false}
        value={address}
        onChange={setAddress}
        hint="It is sent at once, not queued: you see what the mail server answered."
      />
      <div className="form-actions">
        <SubmitButton busy={test.isPending} label="Send a test email" busyLabel="Sending…" />
      </div>
      <NoticeBanner notice={answer} />
    </form>
  );
}
