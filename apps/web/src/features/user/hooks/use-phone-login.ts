import { useState } from 'react';
import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';
import { ApiError, NetworkError } from '../../../platform/request/api-error.ts';
import { request } from '../../../platform/request/request.ts';
import { saveLogin } from '../../../platform/session/save-login.ts';
import { codeError, digitsOnly, phoneError, smsResendSeconds } from '../user-rules.ts';
import { useCountdown } from './use-countdown.ts';

/** What a failed call shows on the form; null when the user has been told already (notice, toast). */
export function errorText(error: unknown): string | null {
  if (error instanceof NetworkError) return null;
  if (error instanceof ApiError) return error.handled ? null : error.message || '请求失败，请稍后再试';
  return '请求失败，请稍后再试';
}

/**
 * The phone + SMS code login of /bindphone (spec 1 §1 "A phone number is linked through an SMS
 * code"; issue 3 item 4): send the code with a resend countdown, then verify. The server logs a
 * visitor in (creating the account on first use) or binds the phone to the signed-in user.
 */
export function usePhoneLogin(onLoggedIn: () => void) {
  const countdown = useCountdown();
  const [phone, setPhoneText] = useState('');
  const [code, setCodeText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // The login is stored before the mutation helper invalidates the user group, so what reloads
  // reloads for the new session.
  const login = useEndpointMutation('user.bindPhone', { onSuccess: (result) => saveLogin(result) });
  const [codeSent, setCodeSent] = useState(false);

  const setPhone = (text: string) => setPhoneText(digitsOnly(text, 11));
  const setCode = (text: string) => setCodeText(digitsOnly(text, 6));

  async function sendCode() {
    const invalid = phoneError(phone);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setSending(true);
    // Sending a code is a write too, but no cached data depends on it: a plain request.
    try {
      const { resendAfterSeconds } = await request('user.getSmsCode', { phone });
      countdown.start(resendAfterSeconds > 0 ? resendAfterSeconds : smsResendSeconds);
      setCodeSent(true);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSending(false);
    }
  }

  async function submit() {
    const invalid = phoneError(phone) ?? codeError(code);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    try {
      await login.mutateAsync({ phone, code });
      onLoggedIn();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return {
    phone,
    code,
    setPhone,
    setCode,
    error,
    sending,
    submitting: login.isPending,
    codeSent,
    secondsLeft: countdown.secondsLeft,
    sendCode,
    submit,
  };
}
