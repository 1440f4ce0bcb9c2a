import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
  const queryClient = useQueryClient();
  const countdown = useCountdown();
  const [phone, setPhoneText] = useState('');
  const [code, setCodeText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
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
    setSubmitting(true);
    try {
      saveLogin(await request('user.bindPhone', { phone, code }));
      await queryClient.invalidateQueries({ queryKey: ['user'] });
      onLoggedIn();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSubmitting(false);
    }
  }

  return {
    phone,
    code,
    setPhone,
    setCode,
    error,
    sending,
    submitting,
    codeSent,
    secondsLeft: countdown.secondsLeft,
    sendCode,
    submit,
  };
}
