/**
 * The element tools (SPEC §2 tool menu): a click on a spread creates the element centred on the pointer with
 * the defaults of SPEC §9, selects it and returns to the select tool; a new text goes straight into text edit
 * mode. States: idle -> pointing -> (up) created.
 */
import { insertElement, type Point } from '@stickerbook/model';
import { spreadIdAtPoint, spreadOffset } from '../camera/layout.ts';
import type { Editor } from '../Editor.ts';
import { defaultProps, type CreatableType } from './elementDefaults.ts';
import type { CanvasPointer, Tool } from './Tool.ts';

export class CreateTool implements Tool {
  state: 'idle' | 'pointing' = 'idle';
  private start: Point | null = null;

  constructor(
    private readonly editor: Editor,
    readonly id: CreatableType,
  ) {}

  onPointerDown(pointer: CanvasPointer): void {
    if (pointer.button !== 0) return;
    this.state = 'pointing';
    this.start = pointer.point;
  }

  onPointerMove(): void {}

  onPointerUp(): void {
    if (this.state !== 'pointing' || !this.start) return;
    this.state = 'idle';
    const point = this.start;
    this.start = null;
    this.create(point);
  }

  cancel(): boolean {
    const active = this.state !== 'idle';
    this.state = 'idle';
    this.start = null;
    return active;
  }

  /** Creates the element at a canvas point; returns its id, or undefined (not on a spread, or read-only). */
  create(point: Point): string | undefined {
    const editor = this.editor;
    const doc = editor.doc;
    const spreadId = spreadIdAtPoint(doc, point);
    if (!spreadId) return undefined;
    const offset = spreadOffset(doc, spreadId);
    const props = defaultProps(
      this.id,
      { x: point.x - offset.x, y: point.y - offset.y },
      editor.createContext(),
    );
    const ok = editor.change(
      `create ${this.id}`,
      (current) => insertElement(current, { parentId: spreadId, type: this.id, props }),
      {
        select: true,
      },
    );
    if (!ok) return undefined;
    const id = editor.selection.get()[0];
    editor.elementCreated.emit({ id, type: this.id });
    editor.setTool('select');
    if (this.id === 'Text') editor.startTextEdit(id);
    return id;
  }
}
