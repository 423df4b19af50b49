// The display object of one visible node. Views are pooled: when a node leaves the viewport
// its view is handed to the next node that enters, and apply() changes only what differs.
import { BitmapText, Container, Graphics, Sprite, Texture } from 'pixi.js';
import { scaledName, type Lod } from '../kernels/lod.ts';
import type { VisualState } from '../kernels/nodeState.ts';
import { LABEL_GAP, PORT_LABEL_HEIGHT, edgePortX, portY } from '../../../workers/spatial/geometry.ts';
import { BOLD_FONT, LABEL_FONT, labelEm } from './fonts.ts';
import { IconAtlas } from './iconAtlas.ts';
import { bodyContext, boxContext, portsContext, simpleBodyContext, strikeContext, type BodyShape } from './nodeGraphics.ts';
import { SIZES, THEME, stateColor } from './theme.ts';

export interface NodeAppearance {
  x: number;
  y: number;
  w: number;
  h: number;
  shape: BodyShape;
  state: VisualState;
  selected: boolean;
  /** Wrapped display name (at most two lines). */
  label: string;
  /** The whole name, laid out again when it is drawn larger than its own size (nameScale). */
  name: string;
  /** The name sits inside the node, right of the icon (a root node with sub-node inputs below). */
  labelInside?: boolean;
  icon: string | undefined;
  /** An image for the icon when `icon` is not in the atlas (community nodes' 'file:' icons); drawn untinted. */
  iconUrl?: string;
  iconColor: number;
  /** Drawn instead of an icon when the type has none (or is unknown). */
  initials: string;
  inputs: number;
  outputs: number;
  outputNames: readonly string[] | undefined;
  /** Index of the error output (red), or -1 / absent. */
  errorOutput?: number;
  /** Ports of other connection types: inputs on the bottom edge (labelled), outputs on the top edge. */
  bottom?: number;
  top?: number;
  bottomLabels?: readonly string[];
  /** The node's type is not installed: greyed body (icon and tint come with the appearance). */
  missing?: boolean;
  /** Bits of outputs that show a plus button. */
  plusMask: number;
  subtitle: string | undefined;
  /** The node's note shown in the flow (notesInFlow), already wrapped (kernels/labels.ts wrapNote); under the name and subtitle. */
  notes?: string;
  /** Has data, but parameters changed since the run (spec 001 §4.1): warning badge instead of the check. */
  stale?: boolean;
}

const BADGE_ICON: Partial<Record<VisualState, string>> = {
  success: 'fa:check',
  issues: 'fa:exclamation-triangle',
  pinned: 'fa:thumbtack',
  waiting: 'fa:clock',
};

function text(font: string, size: number, tint: number, anchorX: number): BitmapText {
  const t = new BitmapText({ text: '', style: { fontFamily: font, fontSize: size, align: anchorX === 0.5 ? 'center' : 'left' } });
  t.anchor.set(anchorX, 0);
  t.tint = tint;
  // Small glyphs blur into each other at fractional pixel positions; snap them.
  t.roundPixels = true;
  return t;
}

export class NodeView {
  readonly root = new Container();
  nodeId = '';
  slot = -1;
  private readonly body = new Graphics();
  private readonly ports = new Graphics();
  private readonly icon = new Sprite();
  private strike: Graphics | null = null;
  private initials: BitmapText | null = null;
  private label: BitmapText | null = null;
  private subtitle: BitmapText | null = null;
  private notes: BitmapText | null = null;
  private badge: Sprite | null = null;
  private spinner: Sprite | null = null;
  private readonly outputLabels: BitmapText[] = [];
  /** A backing in the canvas's colour under each output label: a curve that rises past it goes under the text, not through it. */
  private readonly outputLabelBacks: Sprite[] = [];
  private readonly portLabels: BitmapText[] = [];
  private last: NodeAppearance | null = null;
  private lastLod: Lod | null = null;

  constructor() {
    this.root.addChild(this.body, this.ports, this.icon);
    this.icon.anchor.set(0.5);
  }

  /** True while the node shows a spinner that the frame loop turns. */
  get animating(): boolean {
    return this.spinner !== null && this.spinner.visible;
  }

  tick(dt: number): void {
    if (this.spinner) this.spinner.rotation += dt * 0.006;
  }

  /**
   * `nameFactor`: the names' scale from nameScale (1 their own size, 0 not drawn); `nameFloor`
   * the smallest a name that does not fit may be drawn at (the legible minimum's factor).
   */
  apply(a: NodeAppearance, lod: Lod, atlas: IconAtlas, nameFactor = 1, nameFloor = nameFactor): void {
    const p = this.last;
    if (!p || p.x !== a.x || p.y !== a.y) this.root.position.set(a.x, a.y);
    const lodChanged = lod !== this.lastLod;
    const look = lodChanged || !p || p.shape !== a.shape || p.w !== a.w || p.h !== a.h || p.state !== a.state || p.selected !== a.selected || p.missing !== a.missing;
    if (look) {
      this.body.context =
        lod === 'full' ? bodyContext(a.shape, a.w, a.h, a.state, a.selected, a.missing)
        : lod === 'simplified' ? simpleBodyContext(a.shape, a.w, a.h, a.state, a.selected, a.missing)
        : boxContext(a.w, a.h, a.state, a.selected);
    }
    const full = lod === 'full';
    const detailed = lod !== 'boxes';
    this.ports.visible = full;
    if (full && (lodChanged || !p || p.w !== a.w || p.h !== a.h || p.inputs !== a.inputs || p.outputs !== a.outputs || p.plusMask !== a.plusMask || p.bottom !== a.bottom || p.top !== a.top || p.errorOutput !== a.errorOutput)) {
      this.ports.context = portsContext(a.w, a.h, a.inputs, a.outputs, a.plusMask, { bottom: a.bottom ?? 0, top: a.top ?? 0, errorOutput: a.errorOutput ?? -1 });
    }
    this.applyIcon(a, detailed, atlas, lodChanged);
    const struck = detailed && a.state === 'disabled';
    if (struck && !this.strike) {
      this.strike = new Graphics();
      this.root.addChildAt(this.strike, this.root.getChildIndex(this.icon) + 1);
    }
    if (this.strike) {
      this.strike.visible = struck;
      if (struck) this.strike.context = strikeContext(a.w, a.h);
    }
    this.applyLabels(a, full, nameFactor, nameFloor);
    this.applyBadge(a, full, atlas);
    this.last = a;
    this.lastLod = lod;
  }

  private applyIcon(a: NodeAppearance, detailed: boolean, atlas: IconAtlas, lodChanged: boolean): void {
    const p = this.last;
    const glyph = atlas.get(a.icon);
    // A file icon is loaded on first use (the canvas redraws when it arrives; initials meanwhile and when it fails).
    const tex = glyph ?? (a.iconUrl && detailed ? atlas.getFile(a.iconUrl) : undefined);
    const tint = a.state === 'disabled' ? THEME.disabledIcon : a.iconColor;
    this.icon.visible = detailed && !!tex;
    // A node with its name inside has the icon at the left, in the first 100 × 100.
    const cx = a.labelInside ? a.h / 2 : a.w / 2;
    if (tex && detailed && (lodChanged || !p || this.icon.texture !== tex || p.icon !== a.icon || p.w !== a.w || p.h !== a.h || p.state !== a.state || p.iconColor !== a.iconColor || p.labelInside !== a.labelInside || p.shape !== a.shape)) {
      this.icon.texture = tex;
      const size = (a.shape === 'subnode' ? SIZES.icon * 0.8 : SIZES.icon) * IconAtlas.cellScale;
      this.icon.width = size;
      this.icon.height = size;
      this.icon.position.set(cx, a.h / 2);
      // Glyphs are white and take the node's colour; an image keeps its own colours (dimmed when disabled).
      this.icon.tint = glyph ? tint : 0xffffff;
      this.icon.alpha = !glyph && a.state === 'disabled' ? 0.45 : 1;
    }
    const needInitials = detailed && !tex;
    if (needInitials && !this.initials) {
      this.initials = text(BOLD_FONT, 24, tint, 0.5);
      this.root.addChild(this.initials);
    }
    if (this.initials) {
      this.initials.visible = needInitials;
      if (needInitials) {
        if (this.initials.text !== a.initials) this.initials.text = a.initials;
        this.initials.tint = tint;
        this.initials.position.set(cx, a.h / 2 - 14);
      }
    }
  }

  private applyLabels(a: NodeAppearance, full: boolean, globalFactor: number, nameFloor: number): void {
    // A name drawn larger than its size is laid out for its room, under the node, at its own
    // factor (smaller when only that fits it whole); not drawn when only a stub would fit.
    const scaled = globalFactor !== 1;
    const laid = scaled && globalFactor > 0 ? scaledName(a.name, globalFactor, a.w, SIZES.labelSize, Math.min(nameFloor, globalFactor), labelEm) : undefined;
    const named = globalFactor > 0 && (!scaled || !!laid);
    const nameFactor = laid ? laid.factor : 1;
    const label = laid ? laid.text : a.label;
    if (named && !this.label) {
      this.label = text(LABEL_FONT, SIZES.labelSize, THEME.text, 0.5);
      this.root.addChild(this.label);
    }
    const lines = label.split('\n').length;
    const lineHeight = SIZES.labelLine * (named ? nameFactor : 1);
    const sub = full ? a.subtitle : undefined;
    const note = full ? a.notes : undefined;
    // Under the node (below the bottom ports' labels when it has some), or inside, right of the icon.
    const below = a.h + LABEL_GAP + (a.bottom ? PORT_LABEL_HEIGHT : 0);
    const inside = !!a.labelInside && !scaled;
    const insideTop = a.h / 2 - ((lines + (sub ? 0.85 : 0) + (note ? 0.85 : 0)) * SIZES.labelLine) / 2;
    if (this.label) {
      this.label.visible = named;
      if (named) {
        if (this.label.text !== label) this.label.text = label;
        if (this.label.scale.x !== nameFactor) this.label.scale.set(nameFactor);
        this.label.tint = a.state === 'disabled' ? THEME.textMuted : THEME.text;
        if (this.label.anchor.x !== (inside ? 0 : 0.5)) {
          this.label.anchor.set(inside ? 0 : 0.5, 0);
          this.label.style.align = inside ? 'left' : 'center';
        }
        if (inside) this.label.position.set(a.h - 4, insideTop);
        else this.label.position.set(a.w / 2, below);
      }
    }
    if (sub && !this.subtitle) {
      this.subtitle = text(LABEL_FONT, SIZES.subLabelSize, THEME.textMuted, 0.5);
      this.root.addChild(this.subtitle);
    }
    if (this.subtitle) {
      this.subtitle.visible = !!sub;
      if (sub) {
        if (this.subtitle.text !== sub) this.subtitle.text = sub;
        if (this.subtitle.anchor.x !== (inside ? 0 : 0.5)) {
          this.subtitle.anchor.set(inside ? 0 : 0.5, 0);
          this.subtitle.style.align = inside ? 'left' : 'center';
        }
        if (inside) this.subtitle.position.set(a.h - 4, insideTop + lines * SIZES.labelLine + 1);
        else this.subtitle.position.set(a.w / 2, below + lines * lineHeight + 2);
      }
    }
    // The note (notesInFlow) after the name and subtitle, in the subtitle's muted small text:
    // centred under the node, or one line inside it next to an inside name.
    if (note && !this.notes) {
      this.notes = text(LABEL_FONT, SIZES.subLabelSize, THEME.textMuted, 0.5);
      this.root.addChild(this.notes);
    }
    if (this.notes) {
      this.notes.visible = !!note;
      if (note) {
        if (this.notes.text !== note) this.notes.text = note;
        if (this.notes.anchor.x !== (inside ? 0 : 0.5)) {
          this.notes.anchor.set(inside ? 0 : 0.5, 0);
          this.notes.style.align = inside ? 'left' : 'center';
        }
        if (inside) this.notes.position.set(a.h - 4, insideTop + lines * SIZES.labelLine + 1 + (sub ? SIZES.subLabelLine : 0));
        else this.notes.position.set(a.w / 2, below + lines * lineHeight + (sub ? SIZES.subLabelLine : 0) + 3);
      }
    }
    const names = full && a.outputs > 1 ? a.outputNames ?? [] : [];
    while (this.outputLabels.length < names.length) {
      const back = new Sprite(Texture.WHITE);
      back.tint = THEME.background;
      back.alpha = 0.85;
      const t = text(LABEL_FONT, SIZES.outputLabelSize, THEME.textMuted, 0);
      this.outputLabelBacks.push(back);
      this.outputLabels.push(t);
      this.root.addChild(back, t);
    }
    for (let i = 0; i < this.outputLabels.length; i++) {
      const t = this.outputLabels[i];
      const back = this.outputLabelBacks[i];
      const name = i < names.length && i < a.outputs ? names[i] : '';
      t.visible = back.visible = name !== '';
      if (!name) continue;
      if (t.text !== name) t.text = name;
      t.tint = i === a.errorOutput ? THEME.danger : THEME.textMuted;
      const y = portY(0, a.h, a.outputs, i) - 17;
      t.position.set(a.w + 10, y);
      back.position.set(a.w + 8, y - 1);
      back.setSize(t.width + 4, SIZES.outputLabelSize + 4);
    }
    // The bottom ports' labels ('Model', 'Memory', 'Tool' …), under each port.
    const portNames = full ? a.bottomLabels ?? [] : [];
    while (this.portLabels.length < portNames.length) {
      const t = text(LABEL_FONT, SIZES.portLabelSize, THEME.textMuted, 0.5);
      this.portLabels.push(t);
      this.root.addChild(t);
    }
    for (let i = 0; i < this.portLabels.length; i++) {
      const t = this.portLabels[i];
      const name = i < portNames.length ? portNames[i] : '';
      t.visible = name !== '';
      if (!name) continue;
      if (t.text !== name) t.text = name;
      t.position.set(edgePortX(0, a.w, portNames.length, i), a.h + 9);
    }
  }

  private applyBadge(a: NodeAppearance, full: boolean, atlas: IconAtlas): void {
    const stale = a.stale === true && a.state === 'success';
    const icon = full ? (stale ? 'fa:exclamation-triangle' : BADGE_ICON[a.state]) : undefined;
    if (icon && !this.badge) {
      this.badge = new Sprite();
      this.badge.anchor.set(0.5);
      this.root.addChild(this.badge);
    }
    if (this.badge) {
      this.badge.visible = !!icon;
      if (icon) {
        this.badge.texture = atlas.get(icon)!;
        const size = SIZES.badge * IconAtlas.cellScale;
        this.badge.width = size;
        this.badge.height = size;
        if (a.shape === 'subnode') this.badge.position.set(a.w * 0.82, a.h * 0.82);
        else this.badge.position.set(a.w - 14, a.h - 14);
        this.badge.tint = stale ? THEME.warning : stateColor(a.state) ?? THEME.icon;
      }
    }
    const spin = full && a.state === 'executing';
    if (spin && !this.spinner) {
      this.spinner = new Sprite(atlas.get('fa:spinner'));
      this.spinner.anchor.set(0.5);
      this.spinner.tint = THEME.primary;
      this.root.addChild(this.spinner);
    }
    if (this.spinner) {
      this.spinner.visible = spin;
      if (spin) {
        const size = 18 * IconAtlas.cellScale;
        this.spinner.width = size;
        this.spinner.height = size;
        this.spinner.position.set(a.w - 16, 16);
      }
    }
  }

  /** Forget the node; keep the children for the next one. */
  reset(): void {
    this.nodeId = '';
    this.slot = -1;
    this.last = null;
    this.lastLod = null;
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }
}
