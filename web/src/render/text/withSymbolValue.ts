/**
 * Automatic text shows its symbol's value in the style of the placeholder's first span, one block per
 * line (tables of contents are multi-line). Shared with the cover previews the server cuts out of albums.
 */
export { withSymbolValue } from '@stickerbook/model';
