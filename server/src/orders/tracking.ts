/**
 * SPEC §3 Order update metadata carries `tracking_code` or `dhl_tracking_code`; our parcels go with DHL, so
 * either becomes a link to DHL's public tracking page (the timeline's carrier link, the shipment cell's target).
 */
export function trackingUrl(metadata: Record<string, unknown>): string | null {
  const code = trackingCode(metadata);
  if (!code) return null;
  return `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${encodeURIComponent(code)}`;
}

/** The tracking code an update carries, trimmed; null when it carries none. */
export function trackingCode(metadata: Record<string, unknown>): string | null {
  const code = metadata.dhl_tracking_code ?? metadata.tracking_code;
  return typeof code === 'string' && code.trim() !== '' ? code.trim() : null;
}
