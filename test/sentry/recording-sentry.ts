// The real Sentry SDK for Node (`Sentry.init` of @sentry/node, its default integrations on), with a
// transport that keeps each envelope as the text it would have sent instead of sending it: tests read the
// envelopes back, as Sentry's ingestion would, never the integration's return value alone.
import * as Sentry from '@sentry/node';
import { createTransport, parseEnvelope, type Event, type Integration } from '@sentry/core';

export interface RecordingSentry {
  /** Every envelope sent since `start`, as the text the transport was given. */
  readonly texts: string[];
  /** The error and message events of those envelopes, parsed back. */
  events(): Event[];
}

/** An envelope's body as text: Sentry hands a transport a string, or bytes when an item is binary. */
export function envelopeText(body: string | Uint8Array): string {
  return typeof body === 'string' ? body : new TextDecoder().decode(body);
}

/** The events an envelope's text holds. */
export function eventsOf(texts: readonly string[]): Event[] {
  return texts.flatMap((text) => parseEnvelope(text)[1].filter(([header]) => header.type === 'event').map(([, item]) => item as Event));
}

/**
 * Starts Sentry for Node with `integrations` added to its defaults (and `options`), recording what it sends,
 * once the Sentry started before it (if any) is closed: one client at a time, as Sentry asks.
 */
export async function startSentry(integrations: readonly Integration[], options: Sentry.NodeOptions = {}): Promise<RecordingSentry> {
  await Sentry.close();
  const texts: string[] = [];
  Sentry.init({
    dsn: 'https://public@o0.ingest.sentry.io/0',
    transport: (transportOptions) => createTransport(transportOptions, (request) => {
      texts.push(envelopeText(request.body));
      return Promise.resolve({ statusCode: 200 });
    }),
    integrations: [...integrations],
    sendClientReports: false,
    ...options,
  });
  return { texts, events: () => eventsOf(texts) };
}

/**
 * Captures each value as a caught error is, at one catch site, and waits until Sentry has sent it before
 * the next: Sentry processes events asynchronously (it reads source files for their frames' lines), so
 * without the wait the envelopes would not come in the order of the captures.
 */
export async function captureAll(sentry: RecordingSentry, values: readonly unknown[]): Promise<Event[]> {
  for (const value of values) {
    try {
      throw value;
    } catch (error) {
      Sentry.captureException(error);
    }
    await Sentry.flush(10_000);
  }
  return sentry.events();
}
