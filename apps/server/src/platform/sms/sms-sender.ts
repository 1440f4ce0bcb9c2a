/** One text message with a verification code. */
export interface SmsMessage {
  phone: string;
  code: string;
  /** The full Chinese text the user receives. */
  text: string;
}

/**
 * Sends verification codes (issue 3 §11). The real implementation talks to an HTTP SMS gateway;
 * the local one writes to the log and to a development outbox that tests read.
 */
export interface SmsSender {
  kind: 'gateway' | 'local';
  /** For the boot log: which implementation runs and where messages go. */
  description: string;
  send(message: SmsMessage): Promise<void>;
}

/** Thrown when a message could not be handed over; the caller answers 503. */
export class SmsDeliveryError extends Error {}
