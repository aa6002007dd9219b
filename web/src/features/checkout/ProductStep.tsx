import { Checkbox, Group, Radio, SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../ui/DateField.tsx';
import type { Checkout } from './api.ts';
import type { CheckoutForm } from './formState.ts';
import { PackagingPicture } from './PackagingPicture.tsx';
import { localToday } from './rules.ts';

interface Props {
  form: UseFormReturnType<CheckoutForm>;
  checkout: Checkout;
  /** Translated error per field (rules shown once the user tried to go on, or the server's 422). */
  errors: Record<string, string | undefined>;
}

/** SPEC §2 product step: album count, packaging, event date, extra options in rows of 2. */
export function ProductStep({ form, checkout, errors }: Props) {
  const { t } = useTranslation();
  const range = checkout.no_albums_range;
  const values = form.getValues();
  return (
    <Stack gap="lg" data-testid="checkout-product">
      <div>
        <Group justify="space-between" mb={4}>
          <Text fw={500} id="no-albums-label">
            {t('checkout.product.noAlbums')}
          </Text>
          <Text fw={700} data-testid="no-albums-value">
            {values.noAlbums}
          </Text>
        </Group>
        <Slider
          min={range.min}
          max={range.max}
          step={1}
          value={values.noAlbums}
          onChange={(value) => form.setFieldValue('noAlbums', value)}
          marks={[
            { value: range.min, label: String(range.min) },
            { value: range.max, label: String(range.max) },
          ]}
          thumbLabel={t('checkout.product.noAlbums')}
          aria-labelledby="no-albums-label"
          mb="lg"
          // Room for the end marks' labels, which are centred on the track's ends.
          mx="xs"
          data-testid="no-albums-slider"
        />
        {errors.noAlbums && (
          <Text c="red" size="sm">
            {errors.noAlbums}
          </Text>
        )}
      </div>

      <Radio.Group
        label={t('checkout.product.packaging')}
        value={values.stickerPackagingType}
        onChange={(value) =>
          form.setFieldValue('stickerPackagingType', value as CheckoutForm['stickerPackagingType'])
        }
        error={errors.stickerPackagingType}
      >
        <SimpleGrid cols={2} spacing="sm" mt="xs">
          {checkout.packaging_types.map((packaging) => (
            <Radio.Card
              key={packaging.key}
              value={packaging.key}
              radius="md"
              p="sm"
              data-testid={`packaging-${packaging.key}`}
              style={{ height: '100%' }}
            >
              <Stack gap={4} align="stretch">
                <PackagingPicture type={packaging.key} />
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Radio.Indicator mt={2} />
                  <div>
                    <Text fw={600} size="sm">
                      {packaging.title}
                    </Text>
                    {packaging.description && (
                      <Text size="xs" c="dimmed">
                        {packaging.description}
                      </Text>
                    )}
                  </div>
                </Group>
              </Stack>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>

      {/* In the checkout's language (the album's), as 15.05.2027, not the browser's format (issue 22 item 11). */}
      <DateField
        required
        clearable
        label={t('checkout.product.releaseDate')}
        description={t('checkout.product.releaseDateHint')}
        leftSection={<IconCalendarEvent size={16} />}
        minDate={localToday()}
        maw={260}
        {...form.getInputProps('releaseDate')}
        value={form.getValues().releaseDate}
        onChange={(value) => form.setFieldValue('releaseDate', value)}
        error={errors.releaseDate}
        data-testid="checkout-release-date"
      />

      {checkout.available_features.length > 0 && (
        <Checkbox.Group
          label={t('checkout.product.features')}
          value={values.orderFeatures}
          onChange={(value) => form.setFieldValue('orderFeatures', value)}
          error={errors.orderFeatures}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
            {checkout.available_features.map((feature) => (
              <Checkbox.Card
                key={feature.key}
                value={feature.key}
                radius="md"
                p="sm"
                data-testid={`feature-${feature.key}`}
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Checkbox.Indicator mt={2} />
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {feature.title}
                    </Text>
                    {feature.description && (
                      <Text size="xs" c="dimmed">
                        {feature.description}
                      </Text>
                    )}
                    <Text size="xs" fw={600} mt={2}>
                      + {feature.amount_human}
                    </Text>
                  </div>
                </Group>
              </Checkbox.Card>
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
