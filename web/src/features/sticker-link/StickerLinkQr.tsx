import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Dark modules on white with a quiet zone of two modules: scannable from print and screens alike. */
const QR_OPTIONS = {
  errorCorrectionLevel: 'M',
  margin: 2,
  color: { dark: '#000000', light: '#ffffff' },
} as const;
/** The PNG download is big enough for a poster or a flyer. */
const PNG_WIDTH_PX = 1024;

function download(href: string, filename: string) {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * The QR code of the sticker link (issue 8), made in the browser (npm `qrcode`): shown as SVG, downloadable as SVG
 * (vector, for print) and PNG.
 */
export function StickerLinkQr({ url }: { url: string }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string>();

  useEffect(() => {
    let current = true;
    void QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' }).then((markup) => {
      if (current) setSvg(markup);
    });
    return () => {
      current = false;
    };
  }, [url]);

  const downloadSvg = () => {
    if (!svg) return;
    const href = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    download(href, 'sticker-link-qr.svg');
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  };
  const downloadPng = async () => {
    download(await QRCode.toDataURL(url, { ...QR_OPTIONS, width: PNG_WIDTH_PX }), 'sticker-link-qr.png');
  };

  return (
    <Stack gap={6} data-testid="sticker-link-qr">
      <Text size="sm" fw={500}>
        {t('stickerLink.tab.qrTitle')}
      </Text>
      {svg && (
        <Image
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={t('stickerLink.tab.qrAlt')}
          w={160}
          h={160}
          data-testid="sticker-link-qr-image"
          data-url={url}
        />
      )}
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          onClick={() => void downloadPng()}
          data-testid="sticker-link-qr-png"
        >
          {t('stickerLink.tab.downloadPng')}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          onClick={downloadSvg}
          disabled={!svg}
          data-testid="sticker-link-qr-svg"
        >
          {t('stickerLink.tab.downloadSvg')}
        </Button>
      </Group>
    </Stack>
  );
}
