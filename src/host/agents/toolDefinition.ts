import * as z from 'zod/mini';
import type { Connection } from '../../core/connections';
import '../../core/zodLocale';
import type { ToolName } from './toolNames';
import type { ChatLinkTarget } from './chatLinks';

/** What a tool's run receives besides its input: the parts of the context it uses, and its cancellation. */
export interface ToolRun<C> {
  readonly ctx: C;
  readonly signal: AbortSignal;
}

/** What a change tool asks before it runs (in the chat, or as a modal outside it). */
export interface ToolConfirmation {
  readonly connection: Connection;
  /** "Start a job of \"Invoice.Processing\" in \"Finance\" on Acme": names, folder and connection. */
  readonly title: string;
  /** The exact arguments, in our words with the values quoted. */
  readonly message: string;
  /** The confirm button outside the chat. */
  readonly action: string;
}

/**
 * A language-model tool, written once: `npm run manifest` writes its `languageModelTools` entry (names, descriptions,
 * the input schema from `input`), the registry registers it, and its code loads on its first call.
 */
export interface ToolDefinition<C, I> {
  readonly name: ToolName;
  /** `#name` in the chat. */
  readonly referenceName: string;
  /** For people (the tool picker): localized. */
  readonly displayName: string;
  readonly userDescription: string;
  /** For the model: what the tool does, returns and needs, and when to use it (English, as models read best). */
  readonly modelDescription: string;
  /** Checked before anything is sent: an input that fails is answered with what is wrong and 0 requests. */
  readonly input: z.ZodMiniType<I>;
  /** What each input field means, for the model (the manifest puts it in the input schema). Plain text, not zod
   * metadata: that would load zod's registries at activation. */
  readonly describe: { readonly [K in keyof Required<I>]: string };
  /** Requests a call sends at most (tests hold it). */
  readonly requests: number;
  /** A change: the protection level applies and the user confirms first (`confirm` below). */
  readonly changes?: {
    /** Built from the input and the settings only (0 requests): a read-only connection refuses before any read. */
    readonly confirm: (ctx: C, input: I) => ToolConfirmation;
  };
  /** "Reading jobs of …": shown while it runs. */
  readonly progress: (input: I) => string;
  /** The one job, queue item or idea the input names: the chat shows a link that opens it in its panel. */
  readonly opens?: (input: I) => ChatLinkTarget | undefined;
  readonly run: (run: ToolRun<C>, input: I) => Promise<string>;
}

/** What a tool is, for the manifest and the registry (no code). */
export type ToolAbout = Pick<
  ToolDefinition<unknown, unknown>,
  'name' | 'referenceName' | 'displayName' | 'userDescription' | 'modelDescription' | 'requests'
> & { readonly changes: boolean; readonly describe: Readonly<Record<string, string>> };

/** A call whose input passed its checks: what it shows, asks and does. */
export interface PlannedCall<C> {
  readonly progress: string;
  readonly opens?: ChatLinkTarget;
  readonly confirm?: (ctx: C) => ToolConfirmation;
  readonly run: (run: ToolRun<C>) => Promise<string>;
}

/** A tool as the registry keeps it: its input type is closed over, so tools of every input sit in one Record. */
export interface Tool<C> {
  readonly about: ToolAbout;
  readonly input: z.ZodMiniType<unknown>;
  /** The input checked: a call to make, or what is wrong with it (our words; 0 requests sent). */
  readonly plan: (input: unknown) => PlannedCall<C> | { readonly refused: string };
}

/** Errors a tool throws that are answers: their message says what to do, and is the result. */
export class ToolAnswer extends Error {}

/** A definition as the registry keeps it. */
export function defineTool<C, I>(definition: ToolDefinition<C, I>): Tool<C> {
  const { name, referenceName, displayName, userDescription, modelDescription, requests, describe } = definition;
  return {
    about: {
      name,
      referenceName,
      displayName,
      userDescription,
      modelDescription,
      requests,
      describe,
      changes: !!definition.changes,
    },
    input: definition.input,
    plan: (raw) => {
      const parsed = z.safeParse(definition.input, raw);
      if (!parsed.success)
        return {
          refused: parsed.error.issues
            .slice(0, 5)
            .map((issue) => `${issue.path.length ? issue.path.join('.') : 'input'}: ${issue.message}`)
            .join('; '),
        };
      const input = parsed.data;
      const changes = definition.changes;
      return {
        progress: definition.progress(input),
        opens: definition.opens?.(input),
        confirm: changes && ((ctx) => changes.confirm(ctx, input)),
        run: (run) => definition.run(run, input),
      };
    },
  };
}

/** Marks English that goes to package.nls.json (a tool's names for people), as the commands' `nls` does. */
export const nls = (english: string): string => english;
