import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Stripe API on 127.0.0.1 speaking its wire format (https://docs.stripe.com/api): `Authorization: Bearer
 * sk_...`, form-encoded bodies with bracketed keys (`address[line1]`, `preferred_locales[0]`), JSON objects with
 * an `object` field, lists as `{ object: 'list', data, has_more }`, errors as `{ error: { type, message } }`, and
 * `Idempotency-Key` replay. Enough of customers, invoices and invoice items for the hosted-invoice flow, plus
 * webhook events signed the way Stripe signs them.
 */
export interface FakeStripe {
  url: string;
  requests: Array<{ method: string; path: string; body: Record<string, unknown>; idempotencyKey?: string }>;
  customers: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  /** The next request to this path (e.g. '/v1/invoiceitems') answers with this HTTP status and a Stripe error. */
  failNext: Map<string, number>;
  /** Marks the invoice paid and returns the `invoice.paid` event as Stripe would POST it (raw JSON). */
  paidEvent(invoiceId: string): string;
  close(): Promise<void>;
}

type StripeObject = Record<string, unknown> & { id: string; object: string };

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const customers = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const failNext = new Map<string, number>();
  const requests: FakeStripe['requests'] = [];
  const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
  const now = () => Math.floor(Date.now() / 1000);

  function recompute(invoice: StripeObject) {
    const lines = (invoice.lines as { data: Array<{ amount: number }> }).data;
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    Object.assign(invoice, { subtotal: total, total, amount_due: total, amount_remaining: total });
  }

  function route(method: string, path: string, body: Record<string, unknown>, query: URLSearchParams) {
    if (method === 'GET' && path === '/v1/customers') {
      const email = query.get('email');
      const data = [...customers.values()].filter((customer) => !email || customer.email === email);
      return { status: 200, body: { object: 'list', url: '/v1/customers', has_more: false, data } };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer: StripeObject = {
        id: id('cus'),
        object: 'customer',
        created: now(),
        livemode: false,
        email: body.email ?? null,
        name: body.name ?? null,
        address: body.address ?? null,
        preferred_locales: body.preferred_locales ?? [],
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/invoices') {
      if (!customers.has(String(body.customer)))
        return stripeError(400, `No such customer: '${body.customer}'`);
      const invoice: StripeObject = {
        id: id('in'),
        object: 'invoice',
        created: now(),
        livemode: false,
        customer: body.customer,
        currency: body.currency,
        collection_method: body.collection_method,
        days_until_due: Number(body.days_until_due),
        auto_advance: body.auto_advance === 'true',
        description: body.description ?? null,
        metadata: body.metadata ?? {},
        status: 'draft',
        number: null,
        hosted_invoice_url: null,
        amount_paid: 0,
        lines: { object: 'list', url: '/v1/invoices/lines', has_more: false, data: [] },
      };
      recompute(invoice);
      invoices.set(invoice.id, invoice);
      return { status: 200, body: invoice };
    }
    if (method === 'POST' && path === '/v1/invoiceitems') {
      const invoice = invoices.get(String(body.invoice));
      if (!invoice) return stripeError(400, `No such invoice: '${body.invoice}'`);
      if (invoice.status !== 'draft')
        return stripeError(400, 'You can only add invoice items to draft invoices.');
      const quantity = Number(body.quantity ?? 1);
      const unitAmount = Number(body.unit_amount_decimal ?? body.amount);
      if (!Number.isInteger(quantity) || !Number.isFinite(unitAmount))
        return stripeError(400, 'Invalid amount');
      const item = {
        id: id('ii'),
        object: 'invoiceitem',
        invoice: invoice.id,
        customer: body.customer,
        currency: body.currency,
        description: body.description ?? null,
        quantity,
        amount: Math.round(quantity * unitAmount),
      };
      (invoice.lines as { data: unknown[] }).data.push({ ...item, id: id('il'), object: 'line_item' });
      recompute(invoice);
      return { status: 200, body: item };
    }
    const action = /^\/v1\/invoices\/(in_[0-9a-f]+)\/(finalize|void)$/.exec(path);
    if (method === 'POST' && action) {
      const invoice = invoices.get(action[1]!);
      if (!invoice) return stripeError(404, `No such invoice: '${action[1]}'`);
      if (action[2] === 'finalize') {
        if (invoice.status !== 'draft') return stripeError(400, 'This invoice is already finalized.');
        Object.assign(invoice, {
          status: 'open',
          number: `FAKE-${invoices.size.toString().padStart(4, '0')}`,
          hosted_invoice_url: `https://invoice.stripe.com/i/acct_fake/test_${invoice.id}`,
        });
      } else {
        if (invoice.status !== 'open') return stripeError(400, 'Only open invoices can be voided.');
        invoice.status = 'void';
      }
      return { status: 200, body: invoice };
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    const body = parseStripeForm(raw);
    const idempotencyKey = header(req, 'idempotency-key');
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body, idempotencyKey });
    const send = (answer: { status: number; body: unknown }) => {
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer.body));
    };
    if (header(req, 'authorization') !== `Bearer ${secretKey}`) {
      return send(stripeError(401, 'Invalid API Key provided'));
    }
    const failure = failNext.get(url.pathname);
    if (failure) {
      failNext.delete(url.pathname);
      return send(
        failure >= 500
          ? { status: failure, body: { error: { type: 'api_error', message: 'Fake outage' } } }
          : stripeError(failure, 'Fake refusal'),
      );
    }
    const replayKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
    if (replayKey && replays.has(replayKey)) return send(replays.get(replayKey)!);
    const answer = route(req.method ?? 'GET', url.pathname, body, url.searchParams);
    if (replayKey && req.method === 'POST') replays.set(replayKey, answer);
    send(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    invoices,
    failNext,
    paidEvent(invoiceId) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`No fake invoice ${invoiceId}`);
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 });
      return JSON.stringify({
        id: id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: 'invoice.paid',
        data: { object: invoice },
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Stripe's webhook signature (https://docs.stripe.com/webhooks#verify-manually): `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint secret>`.
 */
export function signStripeWebhook(
  payload: string,
  secret: string,
  timestampSeconds = Math.floor(Date.now() / 1000),
) {
  const signature = createHmac('sha256', secret)
    .update(`${timestampSeconds}.${payload}`, 'utf8')
    .digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

function stripeError(status: number, message: string) {
  return { status, body: { error: { type: 'invalid_request_error', message } } };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `a[b]=1&c[0]=x` → `{ a: { b: '1' }, c: ['x'] }`, as Stripe reads its form bodies. */
function parseStripeForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, '').split('[');
    let target: Record<string, unknown> = out;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[index + 1]!);
      if (last) target[part] = value;
      else target = (target[part] ??= nextIsIndex ? [] : {}) as Record<string, unknown>;
    });
  }
  return out;
}
