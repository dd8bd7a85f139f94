import * as z from 'zod/mini';

// What a faulted job's `Info` and a robot's error log line say about where it failed. The shapes are the ones real
// robots write (docs: /work/wt/FORMAT31.md's contract, sandbox/README.md): a job's Info in parts (Message, Source,
// Exception Type, the .NET exception and its stack), older robots' one line `System.Exception: <message>`, and error
// log lines whose RawMessage JSON names the workflow file. Text that fits none of these is kept whole as the message.

/** Info and log text beyond this is not parsed (it is still shown whole); bounds the work on a hostile text. */
export const MAX_FAULT_TEXT_CHARS = 200_000;
/** A RawMessage longer than this is not parsed as JSON: the line's Message is used instead. */
export const MAX_RAW_MESSAGE_CHARS = 64 * 1024;
/** Stack frames kept per fault: the first ones are where it failed. */
export const MAX_FRAMES = 200;

/** One frame of a .NET stack: the method, and for code built with symbols (coded workflows) its file and line. */
export interface StackFrame {
  readonly method: string;
  readonly file?: string;
  readonly line?: number;
}

export interface ParsedFault {
  /** The exception's message; the whole text when it could not be read. */
  readonly message: string;
  /** The display name of the activity that threw (`Source:`). */
  readonly source?: string;
  /** `System.Exception`, `UiPath.Core.SelectorNotFoundException`, … */
  readonly exceptionType?: string;
  /** The workflow file an Invoke Workflow File activity ran when it threw (`Process Invoice.xaml`). */
  readonly invokedWorkflow?: string;
  /** Every `.xaml` file the text names, the invoked workflow first. */
  readonly workflowFiles: readonly string[];
  readonly frames: readonly StackFrame[];
}

export interface ParsedLogLine {
  readonly message: string;
  /** The activity's display name, from `<display name>: <message>`. */
  readonly source?: string;
  /** The workflow file, with `.xaml` (robots write its name without). */
  readonly workflowFile?: string;
  readonly jobKey?: string;
}

const INVOKED = /^Invoke Workflow File: (.+?\.xaml) has thrown an exception\.?\s*$/i;
const FIELD = /^(Message|Source|Exception Type):[ \t]?(.*)$/;
/** `RemoteException wrapping System.Exception: …` or an exception's own first line `System.IO.IOException: …`. */
const EXCEPTION_LINE = /^(?:RemoteException wrapping )?((?:[A-Za-z_][\w`]*\.)+[A-Za-z_][\w`]*):[ \t]?(.*)$/;
/**
 * `   at Ns.Type.Method(args) in C:\path\File.cs:line 42` (the location part only with symbols). .NET writes the
 * words in the robot machine's language: `bei … in …:Zeile 42`, `à … dans …:ligne 42`, `en … en …:línea 42`,
 * `in … in …:riga 42`, `em … em …:linha 42`. A frame always names a method with its parameters' parentheses.
 */
const FRAME =
  /^\s+(?:at|bei|à|en|in|em) ([^\s(]+\(.*?\))(?: (?:in|dans|en|em) (.+):(?:line|Zeile|ligne|línea|riga|linha) (\d{1,9}))?\s*$/;
// A token starts after a separator: the last 400 characters of a longer path are not a name.
const XAML_NAME =
  /"([^"\r\n]{1,400}?\.xaml)"|'([^'\r\n]{1,400}?\.xaml)'|(?<![^\s"'<>|:])([^\s"'<>|:]{1,400}\.xaml)(?![\w.])/gi;

const bounded = (text: string) => (text.length > MAX_FAULT_TEXT_CHARS ? text.slice(0, MAX_FAULT_TEXT_CHARS) : text);

/** The `.xaml` names a text mentions (after `known`), quoted (names with spaces) or as one token, once each. */
export function workflowFilesIn(text: string, known: readonly string[] = []): string[] {
  const names = new Set(known);
  for (const match of bounded(text).matchAll(XAML_NAME)) names.add((match[1] ?? match[2] ?? match[3] ?? '').trim());
  names.delete('');
  // `Process Invoice.xaml` unquoted is seen as `Invoice.xaml` too: a name the end of a longer one is that one.
  return [...names].filter((name) => ![...names].some((other) => other.endsWith(` ${name}`)));
}

function frameOf(line: string): StackFrame | undefined {
  const match = FRAME.exec(line);
  if (!match) return undefined;
  const [, method = '', file, lineText] = match;
  return file !== undefined && lineText !== undefined ? { method, file, line: Number(lineText) } : { method };
}

/** Reads a faulted job's Info. Never throws; an empty or unreadable text is the message as it came. */
export function parseFaultInfo(info: string): ParsedFault {
  const lines = bounded(info).split(/\r?\n/);
  const fields = new Map<string, string[]>();
  const frames: StackFrame[] = [];
  let invokedWorkflow: string | undefined;
  let exception: { type: string; message: string } | undefined;
  let open: string[] | undefined; // the field whose text continues on the next lines
  for (const [index, line] of lines.entries()) {
    const invoked = index === 0 ? INVOKED.exec(line) : null;
    if (invoked) {
      invokedWorkflow = invoked[1]!.trim();
      continue;
    }
    const frame = frameOf(line);
    if (frame) {
      if (frames.length < MAX_FRAMES) frames.push(frame);
      open = undefined;
      continue;
    }
    const field = FIELD.exec(line);
    if (field && !fields.has(field[1]!)) {
      open = [field[2]!];
      fields.set(field[1]!, open);
      continue;
    }
    const thrown = exception || frames.length > 0 ? null : EXCEPTION_LINE.exec(line);
    if (thrown) {
      exception = { type: thrown[1]!, message: thrown[2]! };
      open = undefined;
      continue;
    }
    // A message may run over several lines; a blank line ends a part, so a later text line starts no new field.
    if (open && line.trim() !== '') open.push(line);
    else if (open && line.trim() === '') open = undefined;
  }
  const field = (name: string) => fields.get(name)?.join('\n').trim() || undefined;
  const message = field('Message') ?? exception?.message.trim() ?? '';
  const text = info.trim();
  const workflowFiles = workflowFilesIn(info, invokedWorkflow ? [invokedWorkflow] : []);
  return {
    message: message !== '' ? message : text,
    source: field('Source'),
    // l10n: code (a field name robots write, read in their text)
    exceptionType: field('Exception Type') ?? exception?.type,
    invokedWorkflow,
    workflowFiles,
    frames,
  };
}

/** The fields of a log line's RawMessage this reads; real robots write more (logType, timeStamp, processName…). */
const RawMessageSchema = z.looseObject({
  message: z.string(),
  level: z.string(),
  fileName: z.optional(z.string()),
  jobId: z.optional(z.string()),
});

const ERROR_LEVELS = new Set(['error', 'fatal']);
/** An error line's `Message` is `<activity display name>: <message>`; a longer prefix is not a display name. */
const DISPLAY_NAME_PREFIX = /^([^\r\n:]{1,200}?): (.+)$/s;

function rawMessageOf(raw: string | null | undefined): z.infer<typeof RawMessageSchema> | undefined {
  if (!raw || raw.length > MAX_RAW_MESSAGE_CHARS) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = RawMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** Reads an Error or Fatal log line (undefined for lower levels). A RawMessage that is not the robots' JSON is ignored. */
export function parseErrorLogLine(line: {
  readonly Level: string;
  readonly Message: string;
  readonly RawMessage?: string | null;
}): ParsedLogLine | undefined {
  if (!ERROR_LEVELS.has(line.Level.toLowerCase())) return undefined;
  const raw = rawMessageOf(line.RawMessage);
  const text = bounded(line.Message || raw?.message || '').trim();
  const prefixed = DISPLAY_NAME_PREFIX.exec(text);
  const fileName = raw?.fileName?.trim();
  return {
    message: prefixed ? prefixed[2]!.trim() : text,
    source: prefixed?.[1]?.trim(),
    workflowFile: fileName ? (/\.xaml$/i.test(fileName) ? fileName : `${fileName}.xaml`) : undefined,
    jobKey: raw?.jobId,
  };
}
