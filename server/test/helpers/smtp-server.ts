/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives, decoded: the envelope, the subject,
 * the text part and the attachments' bytes, so a test can compare an attached PDF with the stored one.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  attachments: ReceivedAttachment[];
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / ?B?) as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_all, encoding: string, text: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const unfold = (head: string) => head.replace(/\r?\n[ \t]+/g, ' ');
const header = (head: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfold(head))?.[1]?.trim() ?? '';

function decodeBody(head: string, body: string): Buffer {
  const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return Buffer.from(decodeQuotedPrintable(body), 'utf8');
  return Buffer.from(body, 'utf8');
}

/** Every leaf part of a MIME message (multipart/* parts are walked into), with its headers and decoded body. */
function leafParts(raw: string): Array<{ head: string; body: Buffer }> {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const type = header(head, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [{ head, body: decodeBody(head, body) }];
  const sections = body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leafParts(section.replace(/^\r?\n/, '')));
}

function parseMessage(raw: string): Omit<ReceivedMail, 'from' | 'to'> {
  const [head] = raw.split(/\r?\n\r?\n/);
  const parts = leafParts(raw);
  const textPart = parts.find(
    (part) =>
      /^text\/plain/i.test(header(part.head, 'Content-Type')) &&
      !/attachment/i.test(header(part.head, 'Content-Disposition')),
  );
  const attachments = parts
    .filter((part) => /attachment/i.test(header(part.head, 'Content-Disposition')))
    .map((part) => ({
      filename: decodeWords(
        /filename="?([^";]+)"?/i.exec(header(part.head, 'Content-Disposition'))?.[1] ?? '',
      ),
      contentType: header(part.head, 'Content-Type').split(';')[0]!.trim(),
      content: part.body,
    }));
  return {
    subject: decodeWords(header(head!, 'Subject')),
    text: (textPart?.body.toString('utf8') ?? '').replace(/\r\n/g, '\n'),
    attachments,
  };
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
