import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/index.ts';
import { startTestApp, testConfig, type TestApp } from './helpers/test-app.ts';

describe('operator details for the legal pages (GET /api/v1/legal/operator)', () => {
  let configured: TestApp;

  beforeAll(async () => {
    const operator = loadConfig({
      OPERATOR_COMPANY: 'Klebebild GmbH',
      OPERATOR_ADDRESS: 'Hafenstraße 7, 20457 Hamburg, Deutschland',
      OPERATOR_REGISTER: 'Amtsgericht Hamburg, HRB 123456',
      OPERATOR_VAT_ID: 'DE123456789',
      OPERATOR_EMAIL: 'hallo@klebebild.example',
      OPERATOR_PHONE: '+49 40 1234567',
      OPERATOR_REPRESENTATIVE: 'Jana Beispiel',
    }).operator;
    configured = await startTestApp('pglite', { operator });
  });
  afterAll(() => configured?.close());

  it('answers anyone, signed in or not, with the configured company, address, register, VAT id and contact', async () => {
    const response = await configured.app.inject({ method: 'GET', url: '/api/v1/legal/operator' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      company: 'Klebebild GmbH',
      address: 'Hafenstraße 7, 20457 Hamburg, Deutschland',
      register: 'Amtsgericht Hamburg, HRB 123456',
      vat_id: 'DE123456789',
      email: 'hallo@klebebild.example',
      phone: '+49 40 1234567',
      representative: 'Jana Beispiel',
    });
  });

  it('falls back to placeholder details that are recognisably not a real company when nothing is configured', () => {
    const operator = testConfig().operator;
    expect(operator.company).toMatch(/Muster/);
    expect(operator.vatId).toBe('DE000000000');
    expect(operator.email).toMatch(/\.example$/);
  });

  it('refuses to start with an operator e-mail that is not an address, naming the variable', () => {
    expect(() => loadConfig({ OPERATOR_EMAIL: 'not an address' })).toThrow(ConfigError);
    expect(() => loadConfig({ OPERATOR_EMAIL: 'not an address' })).toThrow(/OPERATOR_EMAIL/);
  });
});
