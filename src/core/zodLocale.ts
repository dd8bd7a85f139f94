import { config, locales } from 'zod/mini';

// zod/mini (the small build the host and the webviews use) loads no messages by itself: every issue would read
// "Invalid input". The problems we report quote zod's message (a setting, a row the service sent, a Bulk Add file,
// stored state), so the modules that report them import this first: zod's own English wording. (esbuild keeps only
// the English locale in the bundle: esbuild.mjs.)
config(locales.en());
