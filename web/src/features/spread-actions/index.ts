export { SpreadMetaBarActions } from './SpreadMetaBarActions.tsx';
