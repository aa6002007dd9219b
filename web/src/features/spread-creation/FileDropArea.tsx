import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { SPREAD_MODAL_IMAGE_TYPES } from '@stickerbook/model';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'];

/** SPEC §5: the spread modal takes jpeg, jpg, png and gif (by type, or by extension when the browser gives none). */
export function isSpreadModalImage(file: File): boolean {
  if (file.type) return (SPREAD_MODAL_IMAGE_TYPES as readonly string[]).includes(file.type);
  return EXTENSIONS.includes(file.name.split('.').pop()?.toLowerCase() ?? '');
}

interface Props {
  label: string;
  files: File[];
  /** How many files fit (the layout's slots of this kind). */
  max: number;
  onChange: (files: File[]) => void;
  onInvalid: (message: string) => void;
  testId: string;
}

/** A drop zone (also click to choose) with thumbnails of the chosen files. */
export function FileDropArea({ label, files, max, onChange, onInvalid, testId }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const disabled = max === 0;

  const add = (incoming: File[]) => {
    if (incoming.length === 0) return;
    const invalid = incoming.filter((file) => !isSpreadModalImage(file));
    if (invalid.length > 0) {
      onInvalid(t('structure.creation.invalidType', { names: invalid.map((f) => f.name).join(', ') }));
      return;
    }
    // SPEC §5: several files only where the layout has more than one slot.
    if (max <= 1 && incoming.length > 1) {
      onInvalid(t('structure.creation.onlyOne'));
      return;
    }
    const next = max <= 1 ? incoming.slice(0, 1) : [...files, ...incoming];
    if (next.length > max) onInvalid(t('structure.creation.tooMany', { count: max }));
    onChange(next.slice(0, max));
  };

  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {t('structure.creation.slots', { used: files.length, count: max })}
        </Text>
      </Group>
      <UnstyledButton
        disabled={disabled}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          if (disabled) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          if (!disabled) add(Array.from(event.dataTransfer.files));
        }}
        data-testid={testId}
        style={{
          border: `2px dashed var(--mantine-color-${over ? 'brand-6' : 'gray-4'})`,
          borderRadius: 'var(--mantine-radius-md)',
          padding: 16,
          minHeight: 96,
          background: over ? 'var(--mantine-primary-color-light)' : undefined,
          opacity: disabled ? 0.5 : 1,
        }}
      >
        {files.length === 0 ? (
          <Stack align="center" gap={4}>
            <IconPhoto size={28} />
            <Text size="sm" ta="center">
              {disabled ? t('structure.creation.noSlots') : t('structure.creation.dropHere')}
            </Text>
          </Stack>
        ) : (
          <Group gap={8}>
            {files.map((file, i) => (
              <Thumb
                key={`${file.name}-${i}`}
                file={file}
                onRemove={() => onChange(files.filter((_, j) => j !== i))}
              />
            ))}
          </Group>
        )}
      </UnstyledButton>
      <input
        ref={input}
        type="file"
        hidden
        multiple={max > 1}
        accept={[...SPREAD_MODAL_IMAGE_TYPES, ...EXTENSIONS.map((e) => `.${e}`)].join(',')}
        onChange={(event) => {
          add(Array.from(event.currentTarget.files ?? []));
          event.currentTarget.value = '';
        }}
        data-testid={`${testId}-input`}
      />
    </Stack>
  );
}

function Thumb({ file, onRemove }: { file: File; onRemove: () => void }) {
  const { t } = useTranslation();
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <div style={{ position: 'relative' }} data-testid="dropped-file">
      <img src={url} alt={file.name} style={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 6 }} />
      <span
        role="button"
        tabIndex={0}
        aria-label={t('structure.creation.remove', { name: file.name })}
        onClick={(event) => {
          event.stopPropagation();
          onRemove();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.stopPropagation();
            onRemove();
          }
        }}
        style={{
          position: 'absolute',
          top: -6,
          right: -6,
          background: '#fff',
          borderRadius: 999,
          lineHeight: 0,
          boxShadow: '0 0 2px #0006',
          cursor: 'pointer',
        }}
      >
        <IconX size={14} />
      </span>
    </div>
  );
}
