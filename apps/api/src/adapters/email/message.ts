/** An email as the outbox stores it and a transport sends it. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface EmailTransport {
  readonly kind: 'log' | 'smtp';
  send(message: EmailMessage): Promise<void>;
  close(): Promise<void>;
}
