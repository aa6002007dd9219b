import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { SERVER_ROOT, loadConfig } from './index.ts';

/** Debian's ghostscript ships CMYK and RGB profiles here. */
const GS_ICC = '/usr/share/color/icc/ghostscript';

describe('loadConfig', () => {
  it('works with no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      appEnv: 'development',
      adminEmail: 'admin@stickerbook.local',
      publicUrl: 'http://localhost:3000',
    });
    expect(config.oidc).toBeUndefined();
  });

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ APP_ENV: 'staging' })).toThrow(/APP_ENV/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('refuses to start in production without the seller data an XRechnung needs, naming what is missing', () => {
    const seller = {
      SELLER_NAME: 'Albumdruck Muster GmbH',
      SELLER_STREET: 'Hafenstraße 7',
      SELLER_POSTCODE: '20457',
      SELLER_CITY: 'Hamburg',
      SELLER_VAT_ID: 'DE811907980',
      SELLER_IBAN: 'DE89370400440532013000',
      SELLER_BIC: 'COBADEFFXXX',
      SELLER_EMAIL: 'rechnung@albumdruck.example',
      SELLER_PHONE: '+49 40 123456',
      SELLER_CONTACT: 'Buchhaltung',
    };
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/SELLER_NAME.*SELLER_PHONE, SELLER_CONTACT/);
    expect(() => loadConfig({ ...seller, APP_ENV: 'production', SELLER_PHONE: '' })).toThrow(
      /APP_ENV=production.*: SELLER_PHONE$/,
    );
    expect(loadConfig({ ...seller, APP_ENV: 'production' }).seller.contact).toEqual({
      name: 'Buchhaltung',
      email: 'rechnung@albumdruck.example',
      phone: '+49 40 123456',
    });
    // Development keeps working with the placeholders.
    expect(loadConfig({}).seller.name).toBe('Stickerbook GmbH');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('needs all three OIDC settings together', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example' })).toThrow(/OIDC_CLIENT_ID/);
    const config = loadConfig({
      OIDC_ISSUER: 'https://id.example',
      OIDC_CLIENT_ID: 'a',
      OIDC_CLIENT_SECRET: 'b',
    });
    expect(config.oidc).toEqual({
      issuer: 'https://id.example',
      clientId: 'a',
      clientSecret: 'b',
      roleClaim: 'roles',
    });
  });

  it('turns the Chatwoot widget on only with both of its settings, keeping just the origin', () => {
    expect(loadConfig({}).chatwoot).toBeUndefined();
    expect(() => loadConfig({ CHATWOOT_URL: 'https://chat.example' })).toThrow(/CHATWOOT_WEBSITE_TOKEN/);
    expect(() => loadConfig({ CHATWOOT_WEBSITE_TOKEN: 'abcdefgh1234' })).toThrow(/CHATWOOT_URL/);
    expect(() =>
      loadConfig({ CHATWOOT_URL: 'javascript:alert(1)', CHATWOOT_WEBSITE_TOKEN: 'abcdefgh1234' }),
    ).toThrow(/CHATWOOT_URL/);
    expect(() =>
      loadConfig({ CHATWOOT_URL: 'https://chat.example', CHATWOOT_WEBSITE_TOKEN: "x'; alert(1)" }),
    ).toThrow(/CHATWOOT_WEBSITE_TOKEN/);
    expect(
      loadConfig({ CHATWOOT_URL: 'https://chat.example/', CHATWOOT_WEBSITE_TOKEN: 'abcdefgh1234' }).chatwoot,
    ).toEqual({ url: 'https://chat.example', websiteToken: 'abcdefgh1234' });
  });

  it('reads the proxies to trust for client addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('has a complete seller for invoices with no environment, and takes the own data of the business', () => {
    expect(loadConfig({}).seller).toMatchObject({
      name: 'Stickerbook GmbH',
      address: { countryCode: 'DE' },
      iban: 'DE02120300000000202051',
    });
    const seller = loadConfig({
      SELLER_NAME: 'Druckerei Muster',
      SELLER_IBAN: 'de89 3704 0044 0532 0130 00',
      SELLER_COUNTRY: 'AT',
    }).seller;
    expect(seller).toMatchObject({ name: 'Druckerei Muster', iban: 'DE89370400440532013000' });
    expect(seller.address.countryCode).toBe('AT');
  });

  it('refuses a seller IBAN with wrong check digits, a bad VAT id or country', () => {
    expect(() => loadConfig({ SELLER_IBAN: 'DE89370400440532013001' })).toThrow(/SELLER_IBAN/);
    expect(() => loadConfig({ SELLER_VAT_ID: '123' })).toThrow(/SELLER_VAT_ID/);
    expect(() => loadConfig({ SELLER_COUNTRY: 'Germany' })).toThrow(/SELLER_COUNTRY/);
  });

  it('turns the print-partner transfer on only with an sftp URL', () => {
    expect(loadConfig({}).printPartner).toBeUndefined();
    expect(
      loadConfig({ PRINT_PARTNER_SFTP_URL: 'sftp://print@partner.example:2222/inbox' }).printPartner,
    ).toEqual({
      sftpUrl: 'sftp://print@partner.example:2222/inbox',
      privateKey: undefined,
      hostKeySha256: undefined,
    });
    expect(() => loadConfig({ PRINT_PARTNER_SFTP_URL: 'ftp://partner.example' })).toThrow(
      /PRINT_PARTNER_SFTP_URL/,
    );
  });

  it.skipIf(!existsSync(GS_ICC))(
    'takes the print partner’s CMYK output profile and its condition, refusing a file that is not one',
    () => {
      const icc = GS_ICC;
      expect(loadConfig({}).printOutput).toBeUndefined();
      expect(
        loadConfig({ PRINT_OUTPUT_ICC: `${icc}/ps_cmyk.icc`, PRINT_OUTPUT_CONDITION: 'FOGRA39' }).printOutput,
      ).toEqual({ iccPath: `${icc}/ps_cmyk.icc`, condition: 'FOGRA39' });
      expect(() => loadConfig({ PRINT_OUTPUT_ICC: `${icc}/missing.icc` })).toThrow(
        /PRINT_OUTPUT_ICC .*does not exist/,
      );
      // An RGB profile is no print condition, and a README is no profile at all.
      expect(() => loadConfig({ PRINT_OUTPUT_ICC: `${icc}/srgb.icc` })).toThrow(/not a CMYK profile/);
      expect(() => loadConfig({ PRINT_OUTPUT_ICC: `${SERVER_ROOT}/package.json` })).toThrow(
        /not an ICC profile/,
      );
      expect(() => loadConfig({ PRINT_OUTPUT_CONDITION: 'FOGRA39' })).toThrow(/set both/);
    },
  );
});
