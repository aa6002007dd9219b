/**
 * AI image edit (issue 5): the button (shown only when GET /features offers the edit) and the modal with the
 * SPEC §4 states. Mount `<AiEditButton imageId originalUrl onDone />` wherever an image record is at hand.
 */
export { AiEditButton } from './AiEditButton.tsx';
export { AiEditModal, type AiEditModalProps } from './AiEditModal.tsx';
export { editReducer, initialEditState, type EditedImage, type EditState } from './editState.ts';
