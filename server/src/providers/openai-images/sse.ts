/** One server-sent event: `event:` name (if any) and its `data:` lines joined by newlines. */
export interface ServerSentEvent {
  event?: string;
  data: string;
}

/**
 * Reads a text/event-stream body (https://html.spec.whatwg.org/multipage/server-sent-events.html): events are
 * separated by a blank line; lines starting with ':' are comments; CRLF, CR and LF all end a line.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event: string | undefined;
  let data: string[] = [];
  const lineEnd = /\r\n|\r|\n/;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let match: RegExpExecArray | null;
    // A lone CR at the very end may be the first half of CRLF: wait for the next chunk.
    while ((match = lineEnd.exec(buffer)) && !(match[0] === '\r' && match.index === buffer.length - 1)) {
      const line = buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
      if (line === '') {
        if (data.length > 0) yield { event, data: data.join('\n') };
        event = undefined;
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
  }
  if (data.length > 0) yield { event, data: data.join('\n') };
}
