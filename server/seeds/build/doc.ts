/**
 * A small builder for seed album documents: it hands out fixed ids and fractional indexes in insertion
 * order, so the generated JSON is identical on every run.
 */
import { generateKeyBetween } from 'fractional-indexing';
import type { AlbumDocument, AlbumSettings, DocNode, ElementProps, NodeType } from '@stickerbook/model';

export type ElementType = Exclude<NodeType, 'Root' | 'Section' | 'Spread'>;

/** Appends children under parents, each with the next fractional index after its last sibling. */
export class NodeMap {
  readonly nodes: Record<string, DocNode> = {};
  private readonly lastIndex = new Map<string, string>();
  private readonly counters = new Map<string, number>();

  constructor(private readonly prefix: string) {}

  /** A readable, unique id: `<prefix>-<hint>-<n>`. */
  nextId(hint: string): string {
    const n = (this.counters.get(hint) ?? 0) + 1;
    this.counters.set(hint, n);
    return `${this.prefix}-${hint}-${n}`;
  }

  add(type: NodeType, parentId: string | null, props: Record<string, unknown>, hint: string): DocNode {
    const id = this.nextId(hint);
    const key = parentId ?? '';
    const index = generateKeyBetween(this.lastIndex.get(key) ?? null, null);
    this.lastIndex.set(key, index);
    const node: DocNode = { id, type, parentId, index, props: stripUndefined(props) };
    this.nodes[id] = node;
    return node;
  }
}

function stripUndefined(props: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined));
}

/** Elements drawn on a spread (or inside a group). */
export class ElementSink {
  constructor(
    protected readonly map: NodeMap,
    readonly id: string,
    /** The section every sticker cell drawn here belongs to (SPEC §3 element props: sectionId). */
    readonly sectionId: string,
  ) {}

  element(type: ElementType, props: ElementProps, hint = type.toLowerCase()): DocNode {
    return this.map.add(type, this.id, props, hint);
  }

  rect(props: ElementProps): DocNode {
    return this.element('Rectangle', props, 'rect');
  }

  circle(props: ElementProps): DocNode {
    return this.element('Circle', props, 'circle');
  }

  /** A horizontal line of `width` (rotate it for other directions); drawn with `stroke` and `strokeWidth`. */
  line(props: ElementProps): DocNode {
    return this.element('Line', props, 'line');
  }

  text(props: ElementProps): DocNode {
    return this.element('Text', props, 'text');
  }

  /** An empty sticker cell (no stickerId) of the section this sink draws in. */
  cell(x: number, y: number, double = false): DocNode {
    return this.element(
      'StickerCell',
      { x, y, width: double ? 100 : 50, height: 70, sectionId: this.sectionId },
      'cell',
    );
  }

  group(props: ElementProps, draw: (group: ElementSink) => void): DocNode {
    const node = this.element('Group', props, 'group');
    draw(new ElementSink(this.map, node.id, this.sectionId));
    return node;
  }
}

export class AlbumBuilder {
  readonly map: NodeMap;
  readonly rootId: string;

  constructor(
    prefix: string,
    private readonly settings: AlbumSettings,
  ) {
    this.map = new NodeMap(prefix);
    this.rootId = this.map.add('Root', null, {}, 'root').id;
  }

  section(name: string, options: { static?: boolean } = {}): string {
    return this.map.add('Section', this.rootId, { name, static: options.static ?? false }, 'section').id;
  }

  spread(sectionId: string, fill: ElementProps['fill'] = 1): ElementSink {
    const node = this.map.add('Spread', sectionId, { fill, sectionId }, 'spread');
    return new ElementSink(this.map, node.id, sectionId);
  }

  build(): AlbumDocument {
    return {
      schemaVersion: 1,
      rootId: this.rootId,
      nodes: this.map.nodes,
      stickers: {},
      settings: this.settings,
    };
  }
}
