import './styles.ts';
import { Alert, Box, Button, Container, Grid, Group, Loader, Stack, Stepper, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconShoppingCart } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useSession } from '../../auth/session.ts';
import { ApiError, errorCodeOf } from '../../api/errors.ts';
import type { i18n as I18n } from 'i18next';
import { useAlbum } from '../../api/queries.ts';
import { errorText } from '../../i18n/errorText.ts';
import { currentLanguage, type Language } from '../../i18n/languages.ts';
import { CheckoutLanguage } from './CheckoutLanguage.tsx';
import { editorPath } from '../editor-shell/editorKeys.ts';
import { ProofDownloadButton } from '../proof/ProofDownloadButton.tsx';
import { AlbumErrors } from './AlbumErrors.tsx';
import { useCheckoutQuote, type Checkout } from './api.ts';
import { CheckoutErrorScreen } from './CheckoutErrorScreen.tsx';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import { ContactStep } from './ContactStep.tsx';
import { initialForm, orderBody, type CheckoutForm } from './formState.ts';
import { PreviewStep } from './PreviewStep.tsx';
import { ProductStep } from './ProductStep.tsx';
import { ResultStep } from './ResultStep.tsx';
import {
  formErrors,
  organizationKind,
  productErrors,
  quotedVatId,
  ruleMessage,
  showsBuyerReference,
  showsVatId,
  type CheckoutErrors,
} from './rules.ts';
import { GuestAccountNotice, SignInPrompt } from './SignInPrompt.tsx';
import { useCheckoutState, type CheckoutState } from './useCheckoutState.ts';
import { useSubmitOrder } from './useSubmitOrder.ts';
import { VoucherBox } from './VoucherBox.tsx';

/**
 * SPEC §2 /album/{albumId}/checkout: steps preview, product, contact, result, with the live summary beside. It
 * speaks the album's language, not the browser's (issue 22 item 11): texts, money, dates and the default country,
 * as the order it makes, its mail and its documents do. The page around it keeps the UI language.
 */
export function CheckoutPage() {
  const { albumId = '' } = useParams();
  const { i18n } = useTranslation();
  const album = useAlbum(albumId);
  if (album.isPending) return <CheckoutLoading />;
  // An album that cannot be read leaves the checkout in the UI language; its quote then says why.
  const language = currentLanguage(album.data?.language ?? i18n.language);
  return (
    <CheckoutLanguage language={language} fallback={<CheckoutLoading />}>
      <AlbumCheckout albumId={albumId} language={language} />
    </CheckoutLanguage>
  );
}

function CheckoutLoading() {
  return (
    <Group justify="center" py={80} aria-busy="true">
      <Loader />
    </Group>
  );
}

function AlbumCheckout({ albumId, language }: { albumId: string; language: Language }) {
  const session = useSession();
  const state = useCheckoutState(albumId, language, session.kind === 'user' ? session.user.email : undefined);
  const values = state.form.getValues();
  // The category is known once the first quote is in; until then no VAT id is asked about.
  const [category, setCategory] = useState<string | null | undefined>(undefined);
  const quote = useCheckoutQuote(
    albumId,
    {
      noAlbums: values.noAlbums,
      packaging: values.stickerPackagingType,
      countryCode: values.countryCode,
      features: values.orderFeatures,
      voucherCode: values.voucherCode || undefined,
      vatId: category === undefined ? undefined : quotedVatId(values, category),
      releaseDate: values.releaseDate || undefined,
    },
    language,
  );

  useAdoptQuoteDefaults(state, quote.data);
  const quotedCategory = quote.data
    ? (quote.data.album.category ?? quote.data.blueprint_category)
    : undefined;
  useEffect(() => {
    if (quotedCategory !== undefined) setCategory(quotedCategory);
  }, [quotedCategory]);
  // The last answer stays on screen when a later one fails (a dropped connection must not empty the page).
  const lastGood = useRef<Checkout | undefined>(undefined);
  if (quote.data && !quote.isPlaceholderData) lastGood.current = quote.data;
  const shown = quote.data ?? lastGood.current;

  if (shown)
    return (
      <CheckoutView
        albumId={albumId}
        language={language}
        state={state}
        checkout={shown}
        fetching={quote.updating}
        quoteFailed={quote.isError ? quote.error : null}
        onRetryQuote={() => void quote.refetch()}
      />
    );
  if (quote.isError)
    return <CheckoutErrorScreen albumId={albumId} error={quote.error} onRetry={() => void quote.refetch()} />;
  return <CheckoutLoading />;
}

/**
 * The first quote brings what the form could not know: the album's release date as the event date, and the
 * album language's default country. Fields the customer already filled in are left alone.
 */
function useAdoptQuoteDefaults(state: CheckoutState, checkout: Checkout | undefined) {
  const { form, restored } = state;
  const adopted = checkout !== undefined;
  useEffect(() => {
    if (!checkout || restored) return;
    const values = form.getValues();
    if (!values.releaseDate && checkout.album.release_date)
      form.setFieldValue('releaseDate', checkout.album.release_date.slice(0, 10));
    if (!form.isTouched('countryCode') && checkout.countries.includes(checkout.default_country_code)) {
      const defaults = initialForm({ language: checkout.album.language });
      if (values.countryCode !== checkout.default_country_code) {
        form.setFieldValue('countryCode', checkout.default_country_code);
        form.setFieldValue('areaCode', defaults.areaCode);
      }
    }
    if (values.noAlbums < checkout.no_albums_range.min || values.noAlbums > checkout.no_albums_range.max)
      form.setFieldValue('noAlbums', checkout.no_albums_range.default);
    // Once, for the first answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [adopted]);
}

/** Server 422 messages stay beside a field until the field is changed. */
type ServerErrors = Record<string, { message: string; value: unknown }>;

function CheckoutView({
  albumId,
  language,
  state,
  checkout,
  fetching,
  quoteFailed,
  onRetryQuote,
}: {
  albumId: string;
  language: Language;
  state: CheckoutState;
  checkout: Checkout;
  fetching: boolean;
  quoteFailed: unknown;
  onRetryQuote: () => void;
}) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const phone = useMediaQuery('(max-width: 767px)');
  const { form, step, setStep } = state;
  const values = form.getValues();
  const submit = useSubmitOrder(state, albumId, language);
  const [showProductErrors, setShowProductErrors] = useState(false);
  const [showContactErrors, setShowContactErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [signInOpen, setSignInOpen] = useState(false);
  const category = checkout.album.category ?? checkout.blueprint_category;

  const featureKeys = useMemo(() => checkout.available_features.map((feature) => feature.key), [checkout]);
  const rules = useMemo(() => ({ category, featureKeys }), [category, featureKeys]);
  const ruleErrors = useMemo<CheckoutErrors>(() => formErrors(values, rules), [values, rules]);
  const productRuleErrors = useMemo<CheckoutErrors>(() => productErrors(values, rules), [values, rules]);
  const shownErrors = (fields: readonly string[], showAll: boolean) => {
    const shown: Record<string, string | undefined> = {};
    for (const field of fields) {
      const server = serverErrors[field];
      if (server && server.value === values[field as keyof CheckoutForm]) shown[field] = server.message;
      const code = ruleErrors[field as keyof CheckoutErrors];
      if (!shown[field] && code && (showAll || form.isTouched(field)))
        shown[field] = ruleMessage(t, field, code, { countryCode: values.countryCode });
    }
    return shown;
  };
  const productFields = ['noAlbums', 'stickerPackagingType', 'releaseDate', 'orderFeatures'];
  const contactFields = [
    'email',
    'organization',
    'firstName',
    'lastName',
    'address1',
    'address2',
    'zipCode',
    'city',
    'countryCode',
    'areaCode',
    'phone',
    'quoteName',
    'comment',
    'vatId',
    'buyerReference',
  ];

  // A 422 puts the server's messages beside their fields, on the step that has them.
  useEffect(() => {
    if (submit.status !== 'error' || !submit.failure) return;
    const fields = submit.failure.fields;
    const next: ServerErrors = {};
    const current = form.getValues();
    for (const [field, message] of Object.entries(fields))
      next[field] = { message, value: current[field as keyof CheckoutForm] };
    setServerErrors(next);
    if (productFields.some((field) => field in fields)) setStep(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submit.status, submit.failure]);

  const goToContact = () => {
    setShowProductErrors(true);
    if (Object.keys(productRuleErrors).length === 0) setStep(2);
  };

  const placeOrder = () => {
    setShowContactErrors(true);
    setShowProductErrors(true);
    if (Object.keys(productRuleErrors).length > 0) return setStep(1);
    if (Object.keys(ruleErrors).length > 0 || checkout.errors.length > 0) return;
    if (session.kind !== 'user') return setSignInOpen(true);
    // Only a voucher the quote accepted goes with the order; any other is shown as refused and left out.
    const voucherCode = checkout.voucher?.status === 'valid' ? values.voucherCode : '';
    void submit.submit({
      ...orderBody(
        albumId,
        { ...values, voucherCode },
        {
          organization: organizationKind(category) !== 'hidden',
          vatId: showsVatId(category, values.organization),
          buyerReference: showsBuyerReference(category),
        },
      ),
      // What the button says is what is charged, or the server asks again (§ 312j BGB).
      expected_amount_gross: checkout.amount_gross,
    });
  };

  const resetForNewOrder = () => {
    state.startNewOrder();
    submit.acknowledge();
    setShowProductErrors(false);
    setShowContactErrors(false);
    setServerErrors({});
  };

  const albumErrors = submit.failure?.albumErrors.length ? submit.failure.albumErrors : checkout.errors;
  const consentError =
    showContactErrors && ruleErrors.printConsent
      ? ruleMessage(t, 'printConsent', ruleErrors.printConsent)
      : undefined;
  const onResult = step === 3 && state.orderId !== null;
  const active = onResult ? 4 : Math.min(step, 2);
  // A phone has room for the current step's name only; the others show their number or tick.
  const stepLabel = (index: number, key: string) => (phone && index !== active ? undefined : t(key));

  const summary = (
    <CheckoutSummary
      checkout={checkout}
      fetching={fetching}
      voucherBox={<VoucherField state={state} fetching={fetching} checkout={checkout} />}
    />
  );

  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }} data-testid="checkout-page" lang={language}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={1} size="h2" lineClamp={2}>
          {t('checkout.title', { title: checkout.album.title })}
        </Title>
        <Button
          component={Link}
          to={editorPath(albumId)}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          visibleFrom="sm"
        >
          {t('checkout.backToEditor')}
        </Button>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: onResult ? 12 : 8 }}>
          {session.kind !== 'user' && step === 0 && !onResult && (
            <Box mb="md">
              <GuestAccountNotice albumId={albumId} />
            </Box>
          )}
          <Stepper
            active={active}
            onStepClick={(index) => {
              // Back is always allowed; forward only through the step's own button (its checks).
              if (!onResult && index < step) setStep(index);
            }}
            allowNextStepsSelect={false}
            size={phone ? 'xs' : 'sm'}
            iconSize={phone ? 28 : undefined}
            data-testid="checkout-stepper"
          >
            <Stepper.Step
              label={stepLabel(0, 'checkout.steps.preview')}
              aria-label={t('checkout.steps.preview')}
              data-testid="step-preview"
            >
              {/* The album's problems come first, before any form: a final page-by-page check. */}
              <Stack gap="md">
                <AlbumErrors albumId={albumId} errors={albumErrors} />
                <PreviewStep albumId={albumId} proofButton={<ProofDownloadButton albumId={albumId} />} />
              </Stack>
            </Stepper.Step>
            <Stepper.Step
              label={stepLabel(1, 'checkout.steps.product')}
              aria-label={t('checkout.steps.product')}
              data-testid="step-product"
            >
              <ProductStep
                form={form}
                checkout={checkout}
                errors={shownErrors(productFields, showProductErrors)}
              />
            </Stepper.Step>
            <Stepper.Step
              label={stepLabel(2, 'checkout.steps.contact')}
              aria-label={t('checkout.steps.contact')}
              data-testid="step-contact"
            >
              <ContactStep
                form={form}
                checkout={checkout}
                errors={shownErrors(contactFields, showContactErrors)}
                consentError={consentError}
              />
            </Stepper.Step>
            <Stepper.Step
              label={stepLabel(3, 'checkout.steps.result')}
              aria-label={t('checkout.steps.result')}
              data-testid="step-result"
            />
            <Stepper.Completed>
              {state.orderId && (
                <ResultStep albumId={albumId} orderId={state.orderId} onNewOrder={resetForNewOrder} />
              )}
            </Stepper.Completed>
          </Stepper>

          {!onResult && (
            <Stack gap="sm" mt="lg">
              {quoteFailed !== null && (
                <Alert color="orange" variant="light" data-testid="quote-error">
                  <Group justify="space-between" gap="xs">
                    {t('checkout.summary.stale')}
                    <Button size="xs" variant="default" onClick={onRetryQuote}>
                      {t('common.retry')}
                    </Button>
                  </Group>
                </Alert>
              )}
              {step === 2 && <AlbumErrors albumId={albumId} errors={albumErrors} />}
              {submit.status === 'error' && submit.failure && (
                <Alert
                  color={errorCodeOf(submit.failure.error) === 'PRICE_CHANGED' ? 'yellow' : 'red'}
                  variant="light"
                  title={
                    errorCodeOf(submit.failure.error) === 'PRICE_CHANGED'
                      ? t('checkout.submit.priceChangedTitle')
                      : t('checkout.submit.failed')
                  }
                  data-testid="submit-error"
                >
                  <Stack gap="xs" align="flex-start">
                    {submitErrorText(i18n, submit.failure.error)}
                    <Button
                      size="xs"
                      variant="default"
                      onClick={submit.acknowledge}
                      data-testid="submit-error-ok"
                    >
                      {t('common.ok')}
                    </Button>
                  </Stack>
                </Alert>
              )}
              <Group justify="space-between" gap="sm">
                {step > 0 ? (
                  <Button
                    variant="default"
                    leftSection={<IconArrowLeft size={16} />}
                    onClick={() => setStep(step - 1)}
                  >
                    {t('checkout.back')}
                  </Button>
                ) : (
                  <span />
                )}
                {step === 0 && (
                  <Button
                    rightSection={<IconArrowRight size={16} />}
                    onClick={() => setStep(1)}
                    data-testid="checkout-next"
                  >
                    {t('checkout.next')}
                  </Button>
                )}
                {step === 1 && (
                  <Button
                    rightSection={<IconArrowRight size={16} />}
                    onClick={goToContact}
                    data-testid="checkout-next"
                  >
                    {t('checkout.next')}
                  </Button>
                )}
                {step === 2 && (
                  <Button
                    leftSection={<IconShoppingCart size={16} />}
                    onClick={placeOrder}
                    loading={submit.status === 'submitting'}
                    disabled={submit.status === 'error'}
                    fullWidth={phone}
                    data-testid="checkout-submit"
                  >
                    {t('checkout.submit.button', { total: checkout.amount_gross_human })}
                  </Button>
                )}
              </Group>
            </Stack>
          )}
        </Grid.Col>
        {!onResult && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Box pos={{ base: 'static', md: 'sticky' }} style={{ top: 16 }}>
              {summary}
            </Box>
          </Grid.Col>
        )}
      </Grid>
      <SignInPrompt albumId={albumId} opened={signInOpen} onClose={() => setSignInOpen(false)} />
    </Container>
  );
}

/** The voucher box's own state: the typed code, applied with OK. */
function VoucherField({
  state,
  fetching,
  checkout,
}: {
  state: CheckoutState;
  fetching: boolean;
  checkout: Checkout;
}) {
  const values = state.form.getValues();
  return (
    <VoucherBox
      value={values.voucherInput}
      onChange={(value) => {
        state.form.setFieldValue('voucherInput', value);
        // An emptied box takes the voucher off the order.
        if (value.trim() === '') state.form.setFieldValue('voucherCode', '');
      }}
      onApply={() => state.form.setFieldValue('voucherCode', values.voucherInput.trim())}
      fetching={fetching}
      voucher={checkout.voucher}
      appliedCode={values.voucherCode}
    />
  );
}

/** A submit failure in words: the checkout's own wording first, then the code's text (errors.*). */
function submitErrorText(language: I18n, error: unknown): string {
  const details =
    error instanceof ApiError ? (error.details as Record<string, unknown> | undefined) : undefined;
  return errorText(errorCodeOf(error), {
    screen: 'checkout',
    language,
    values: { total: details?.amount_gross_human, previous: details?.expected_amount_gross_human },
  });
}
