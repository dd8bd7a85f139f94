import { clear, h } from '../common/dom';
import type { LogLine } from '../../src/shared/protocol/jobPanel';
import { formatNumber, t } from '../../src/core/l10n';

/** Lines asked for at once: aligned chunks, so scrolling back asks for what is cached, not a shifted range. */
const CHUNK = 200;
/** Chunks the page keeps (10,000 lines); the host keeps its own bounded window. */
const MAX_CHUNKS = 50;
const ROW_PX = 20;
/** Above this the scroll area is scaled: browsers cap an element's height (Chromium near 33.5 million pixels). */
const MAX_SCROLL_PX = 10_000_000;

export interface LogSource {
  lines(from: number, to: number): Promise<{ from: number; lines: LogLine[] } | undefined>;
}

/**
 * A virtualised log: only the lines on screen are in the DOM, whatever the log's length; the scroll bar maps to line
 * numbers (scaled past ten million pixels), lines arrive a chunk at a time and the page keeps at most MAX_CHUNKS.
 * Keyboard: the list takes focus; arrows, Page Up/Down, Home and End move by line, page and to either end.
 */
export class LogView {
  readonly element: HTMLElement;
  private readonly scroller: HTMLElement;
  private readonly spacer: HTMLElement;
  private readonly rows: HTMLElement;
  private readonly chunks = new Map<number, LogLine[]>();
  private readonly asked = new Set<number>();
  private total = 0;
  private first = 0;
  private highlighted: number | undefined;
  private generation = 0;
  /** Keeps the end in view as the log grows. */
  follow = false;
  onMove: (first: number, total: number) => void = () => undefined;

  constructor(private readonly source: LogSource) {
    this.spacer = h('div', { class: 'log-spacer' });
    this.rows = h('div', { class: 'log-rows', attrs: { role: 'presentation' } });
    this.scroller = h(
      'div',
      {
        class: 'log-scroller',
        id: 'log-lines',
        attrs: { tabindex: '0', role: 'log', 'aria-label': t('Job log'), 'aria-live': 'off' },
      },
      this.spacer,
      this.rows,
    );
    this.element = this.scroller;
    this.scroller.addEventListener('scroll', () => this.fromScroll());
    this.scroller.addEventListener('keydown', (event) => this.key(event));
    new ResizeObserver(() => this.draw()).observe(this.scroller);
  }

  /** A new log (another level): everything cached is dropped. */
  reset(total: number): void {
    this.generation++;
    this.chunks.clear();
    this.asked.clear();
    this.highlighted = undefined;
    this.setTotal(total);
    this.scrollTo(this.follow ? total : 0);
  }

  /** The log grew (a running job): the last chunk is asked again, and the end kept in view when following. */
  grow(total: number): void {
    if (total === this.total) return;
    const last = Math.floor(Math.max(0, this.total - 1) / CHUNK);
    this.chunks.delete(last);
    this.asked.delete(last);
    this.setTotal(total);
    if (this.follow) this.scrollTo(total);
    else this.draw();
  }

  get lineCount(): number {
    return this.total;
  }

  get firstVisible(): number {
    return this.first;
  }

  /** Scrolls so that `line` is the first on screen (or the last lines, at the end), optionally marked. */
  scrollTo(line: number, mark = false): void {
    const visible = this.visibleRows();
    this.first = Math.max(0, Math.min(line, this.total - visible));
    if (mark) this.highlighted = line;
    const range = this.scrollRange();
    const span = Math.max(1, this.total - visible);
    this.scroller.scrollTop = range <= 0 ? 0 : Math.round((this.first / span) * range);
    this.draw();
  }

  private setTotal(total: number): void {
    this.total = total;
    this.spacer.style.height = `${Math.min(total * ROW_PX, MAX_SCROLL_PX)}px`;
  }

  private visibleRows(): number {
    return Math.max(1, Math.floor(this.scroller.clientHeight / ROW_PX));
  }

  private scrollRange(): number {
    return this.scroller.scrollHeight - this.scroller.clientHeight;
  }

  private fromScroll(): void {
    const range = this.scrollRange();
    const span = Math.max(0, this.total - this.visibleRows());
    this.first = range <= 0 ? 0 : Math.round((this.scroller.scrollTop / range) * span);
    // Scrolling away from the end stops following; back at the end follows again only when asked.
    if (this.first < span) this.follow = this.follow && this.scroller.scrollTop >= range - 1;
    this.draw();
  }

  private key(event: KeyboardEvent): void {
    const page = this.visibleRows();
    const moves: Record<string, number> = {
      ArrowDown: this.first + 1,
      ArrowUp: this.first - 1,
      PageDown: this.first + page,
      PageUp: this.first - page,
      Home: 0,
      End: this.total,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    this.scrollTo(target);
  }

  private draw(): void {
    const visible = this.visibleRows() + 1;
    // The rows stay at the top of the visible area, whatever the (possibly scaled) scroll position.
    // l10n: code (class names, styles)
    this.rows.style.transform = `translateY(${this.scroller.scrollTop}px)`;
    clear(this.rows);
    if (this.total === 0) {
      this.rows.append(h('div', { class: 'empty' }, t('No log lines at this level.')));
      this.onMove(0, 0);
      return;
    }
    const end = Math.min(this.total, this.first + visible);
    for (let line = this.first; line < end; line++) this.rows.append(this.row(line));
    this.onMove(this.first, this.total);
    this.want(this.first, end);
  }

  private row(line: number): HTMLElement {
    const chunk = this.chunks.get(Math.floor(line / CHUNK));
    const entry = chunk?.[line % CHUNK];
    const marked = line === this.highlighted ? ' marked' : '';
    if (!entry)
      return h(
        'div',
        // l10n: code (class names, styles)
        { class: `log-row pending${marked}` },
        h('span', { class: 'log-no' }, formatNumber(line + 1)),
        '…',
      );
    if ('problem' in entry)
      return h(
        'div',
        // l10n: code (class names, styles)
        { class: `log-row problem${marked}` },
        h('span', { class: 'log-no' }, formatNumber(line + 1)),
        entry.problem,
      );
    // l10n: code (class names)
    const level = `level-${entry.level.toLowerCase().replace(/[^a-z]/g, '')}`;
    return h(
      'div',
      {
        // l10n: code (class names, styles)
        class: `log-row ${level}${marked}`,
        title: entry.message.length > 200 ? entry.message.slice(0, 2_000) : undefined,
      },
      h('span', { class: 'log-no' }, formatNumber(line + 1)),
      h('span', { class: 'log-time' }, entry.time),
      h('span', { class: 'log-level' }, entry.level),
      h('span', { class: 'log-message' }, entry.message.split(/\r?\n/, 1)[0]!),
    );
  }

  private want(from: number, to: number): void {
    for (let chunk = Math.floor(from / CHUNK); chunk * CHUNK < to; chunk++) {
      if (this.chunks.has(chunk) || this.asked.has(chunk)) continue;
      this.asked.add(chunk);
      const generation = this.generation;
      void this.source.lines(chunk * CHUNK, Math.min(this.total, (chunk + 1) * CHUNK)).then((answer) => {
        if (generation !== this.generation) return;
        this.asked.delete(chunk);
        // An answer is kept only under the lines it says it holds.
        if (!answer || answer.from !== chunk * CHUNK) return;
        this.chunks.set(chunk, answer.lines);
        if (this.chunks.size > MAX_CHUNKS) this.forgetFarthest();
        this.draw();
      });
    }
  }

  /** Drops the chunk farthest from the lines on screen. */
  private forgetFarthest(): void {
    const here = Math.floor(this.first / CHUNK);
    let farthest = here;
    for (const chunk of this.chunks.keys()) if (Math.abs(chunk - here) > Math.abs(farthest - here)) farthest = chunk;
    this.chunks.delete(farthest);
  }
}
