export { Editor } from './Editor.ts';
export { spreadLayout, spreadIdAtPoint } from './camera/layout.ts';
