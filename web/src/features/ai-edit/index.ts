/**
 * AI image edit (issue 5): the button (shown only when GET /features offers the edit) and the modal with the
 * SPEC §4 states. Mount `<AiEditButton imageId originalUrl onApply />` wherever an image record is at hand, or
 * open `<AiEditModal>` yourself (the images panel's item menu does).
 */
export { AiEditButton, useAiEditAvailable } from './AiEditButton.tsx';
export { AiEditModal, type ApplyEdit } from './AiEditModal.tsx';
export { type EditedImage } from './editState.ts';
