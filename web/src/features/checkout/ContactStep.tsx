import { Anchor, Checkbox, Grid, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { COMMENT_MAX_CHARS, PHONE_MAX_CHARS, postcodeExample } from '@stickerbook/model';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Checkout } from './api.ts';
import { AREA_CODES, type CheckoutForm } from './formState.ts';
import { organizationKind, showsBuyerReference, showsVatId } from './rules.ts';

interface Props {
  form: UseFormReturnType<CheckoutForm>;
  checkout: Checkout;
  errors: Record<string, string | undefined>;
  consentError: string | undefined;
}

function countryNames(language: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/**
 * SPEC §2 contact step: e-mail, address, phone, quote number, remarks and the print consent; for organisations
 * also the VAT id and the Leitweg-ID of public buyers (issue 21 §4, §5).
 */
export function ContactStep({ form, checkout, errors, consentError }: Props) {
  const { t, i18n } = useTranslation();
  const category = checkout.album.category ?? checkout.blueprint_category;
  const kind = organizationKind(category);
  const nameOf = useMemo(() => countryNames(i18n.language), [i18n.language]);
  const countries = checkout.countries.map((code) => ({ value: code, label: nameOf(code) }));
  const areaCodes = Object.entries(AREA_CODES).map(([country, code]) => ({
    value: code,
    label: `${code} (${country})`,
  }));
  const field = (name: keyof CheckoutForm) => ({ ...form.getInputProps(name), error: errors[name] });
  const values = form.getValues();
  const legalLink = (to: string) => <Anchor component={Link} to={to} target="_blank" inherit />;

  return (
    <Stack gap="md" data-testid="checkout-contact">
      <TextInput
        type="email"
        label={t('checkout.contact.email')}
        autoComplete="email"
        required
        {...field('email')}
        data-testid="contact-email"
      />
      {kind !== 'hidden' && (
        <TextInput
          label={t(`checkout.contact.organization.${kind}`)}
          autoComplete="organization"
          required={kind !== 'optional'}
          {...field('organization')}
          data-testid="contact-organization"
        />
      )}
      {showsVatId(category, values.organization) && (
        <TextInput
          label={t('checkout.contact.vatId')}
          description={t('checkout.contact.vatIdHint')}
          autoComplete="off"
          spellCheck={false}
          {...field('vatId')}
          data-testid="contact-vat-id"
        />
      )}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('checkout.contact.firstName')}
            autoComplete="given-name"
            required
            {...field('firstName')}
            data-testid="contact-first-name"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('checkout.contact.lastName')}
            autoComplete="family-name"
            required
            {...field('lastName')}
            data-testid="contact-last-name"
          />
        </Grid.Col>
      </Grid>
      <TextInput
        label={t('checkout.contact.address1')}
        autoComplete="address-line1"
        required
        {...field('address1')}
        data-testid="contact-address1"
      />
      <TextInput
        label={t('checkout.contact.address2')}
        autoComplete="address-line2"
        {...field('address2')}
        data-testid="contact-address2"
      />
      <Grid gap="sm">
        <Grid.Col span={{ base: 5, sm: 4 }}>
          <TextInput
            label={t('checkout.contact.zipCode')}
            autoComplete="postal-code"
            placeholder={postcodeExample(values.countryCode)}
            required
            {...field('zipCode')}
            data-testid="contact-zip"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 7, sm: 8 }}>
          <TextInput
            label={t('checkout.contact.city')}
            autoComplete="address-level2"
            required
            {...field('city')}
            data-testid="contact-city"
          />
        </Grid.Col>
      </Grid>
      <Select
        label={t('checkout.contact.country')}
        data={countries}
        required
        allowDeselect={false}
        searchable
        {...field('countryCode')}
        data-testid="contact-country"
      />
      <Grid gap="sm">
        <Grid.Col span={{ base: 5, sm: 4 }}>
          <Select
            label={t('checkout.contact.areaCode')}
            data={areaCodes}
            allowDeselect={false}
            {...field('areaCode')}
            data-testid="contact-area-code"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 7, sm: 8 }}>
          <TextInput
            type="tel"
            label={t('checkout.contact.phone')}
            autoComplete="tel-national"
            maxLength={PHONE_MAX_CHARS}
            {...field('phone')}
            data-testid="contact-phone"
          />
        </Grid.Col>
      </Grid>
      <TextInput
        label={t('checkout.contact.quoteName')}
        description={t('checkout.contact.quoteNameHint')}
        {...field('quoteName')}
        data-testid="contact-quote"
      />
      {showsBuyerReference(category) && (
        <TextInput
          label={t('checkout.contact.buyerReference')}
          description={t('checkout.contact.buyerReferenceHint')}
          autoComplete="off"
          spellCheck={false}
          {...field('buyerReference')}
          data-testid="contact-buyer-reference"
        />
      )}
      <Textarea
        label={t('checkout.contact.comment')}
        autosize
        minRows={3}
        maxRows={8}
        {...field('comment')}
        description={t('checkout.contact.commentCount', {
          count: values.comment.length,
          max: COMMENT_MAX_CHARS,
        })}
        data-testid="contact-comment"
      />
      <Checkbox
        {...form.getInputProps('printConsent', { type: 'checkbox' })}
        error={consentError}
        label={
          <Text size="sm" span>
            <Trans
              i18nKey="checkout.contact.consent"
              components={{
                terms: legalLink('/terms'),
                info: legalLink('/customer-information'),
                privacy: legalLink('/privacy'),
              }}
            />
          </Text>
        }
        data-testid="contact-consent"
      />
    </Stack>
  );
}
