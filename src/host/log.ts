import type * as vscode from 'vscode';
import { scrubSecrets, secretForms } from '../core/auth/secretForms';
import { exchangeLine, type Exchange } from '../core/http/exchange';

/** vscode.LogLevel's values (a type-only import here keeps the logger usable in plain Node tests). */
const LOG_LEVEL = { trace: 1, debug: 2 } as const;

/**
 * The extension's log: the LogOutputChannel plus a short in-memory tail (for tests and bug reports). Every line is
 * passed through redaction first, so a token that reaches a message (in an error from a library, say) is never
 * written: secrets are registered here the moment they are obtained.
 */
export class Logger {
  /** Every form of every registered secret (secretForms), longest first. */
  private forms: string[] = [];
  private readonly tail: string[] = [];

  constructor(private readonly channel: vscode.LogOutputChannel) {}

  /**
   * Registers a secret the moment it is obtained: from then on none of its forms (raw, URL-encoded, base64, and with
   * `user` the Basic value of `user:secret`) is written to the log or shown in a failure notification.
   */
  redact(secret: string | undefined, user?: string): void {
    if (secret)
      this.forms = [...new Set([...this.forms, ...secretForms(secret, user)])].sort((a, b) => b.length - a.length);
  }

  /** A text with every registered secret's forms and any bearer token replaced: for the log and notifications. */
  scrub(message: string): string {
    return scrubSecrets(message, this.forms).replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi, '$1***');
  }

  private clean(message: string): string {
    // One entry, one line: a service message with line breaks cannot forge entries (a fake "info Signed in …" line)
    // in the log a user sends with a bug report.
    return this.scrub(message).replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, ' ⏎ ');
  }

  private keep(level: string, message: string): string {
    const line = this.clean(message);
    this.tail.push(`${level} ${line}`);
    if (this.tail.length > 500) this.tail.shift();
    return line;
  }

  info(message: string): void {
    this.channel.info(this.keep('info', message));
  }

  warn(message: string): void {
    this.channel.warn(this.keep('warn', message));
  }

  error(message: string): void {
    this.channel.error(this.keep('error', message));
  }

  /**
   * The request log (exchange.ts): at the Trace level every request, at Debug only the failures, otherwise nothing —
   * the level is the user's (Developer: Set Log Level…), so a support case turns it on without a setting.
   */
  request(exchange: Exchange): void {
    const level = this.channel.logLevel;
    if (level === LOG_LEVEL.trace && !exchange.failed) this.channel.trace(this.keep('trace', exchangeLine(exchange)));
    else if (exchange.failed && (level === LOG_LEVEL.trace || level === LOG_LEVEL.debug))
      this.channel.debug(this.keep('debug', exchangeLine(exchange)));
  }

  recent(): readonly string[] {
    return this.tail;
  }

  show(): void {
    this.channel.show(true);
  }
}
