/**
 * Imported by the browser app before anything else. Zod compiles fast validators with `new Function` when it
 * may, deciding per schema when the schema is created; under the app's CSP (script-src 'self', no
 * 'unsafe-eval') even its probe is reported as a violation. So the browser runs zod without code generation,
 * set before the model's schemas exist; the server keeps the compiled validators.
 */
import { config } from 'zod';

config({ jitless: true });
