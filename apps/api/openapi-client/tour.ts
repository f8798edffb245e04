/**
 * What a client developer writes with a client generated from /api/openapi.json (openapi-typescript
 * types, openapi-fetch calls): sign in, list the farms, download a prescription PDF, preview a KML.
 * `src/http/openapi-client.test.ts` generates `./lavoura-api.d.ts` next to a copy of this file,
 * type-checks both with tsc and runs the tour against the app; outside that test the import below
 * has nothing to resolve, so this folder is not part of the API's TypeScript project.
 */
import createClient from 'openapi-fetch';
import type { paths } from './lavoura-api.ts';

export interface TourResult {
  farmNames: string[];
  prescription: { type: string; bytes: ArrayBuffer };
  previewedPlots: string[];
}

export async function tour(options: {
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
  email: string;
  password: string;
  programId: number;
  kml: Blob;
}): Promise<TourResult> {
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });

  const signIn = await client.POST('/admin-api/login', {
    body: { email: options.email, password: options.password },
  });
  if (!signIn.data) throw new Error(`sign-in refused: ${signIn.error?.key}`);
  const headers = { authorization: `Bearer ${signIn.data.token}` };

  const farms = await client.GET('/api/farms', { headers });
  if (!farms.data) throw new Error(`farms: ${farms.error?.key}`);

  // A file answer is read as bytes, not parsed as JSON.
  const prescription = await client.GET('/api/prescription/{program_id}/export', {
    headers,
    params: { path: { program_id: options.programId }, query: { format: 'pdf' } },
    parseAs: 'blob',
  });
  if (!prescription.data) throw new Error(`prescription: ${prescription.error?.key}`);

  // The upload is a multipart form: the body names its field, the serializer builds the form.
  const preview = await client.POST('/api/plots/kml-preview', {
    headers,
    body: { file: options.kml },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append('file', body.file, 'plots.kml');
      return form;
    },
  });
  if (!preview.data) throw new Error(`KML preview: ${preview.error?.key}`);

  return {
    farmNames: farms.data.map((farm) => farm.nome),
    prescription: {
      type: prescription.data.type,
      bytes: await prescription.data.arrayBuffer(),
    },
    previewedPlots: preview.data.plots.map((plot) => plot.nome),
  };
}
