/**
 * Saves a candidate's file through the API client, as the board's card menu does: a refusal (downloadForbidden, or
 * the documents limit's 429) rejects with the API's error, for an in-app message, instead of a failed browser download.
 */
import { send } from '../../../ui/api/client';
import { saveResponse } from '../../../ui/api/saveBlob';

export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  await saveResponse(await send(path.replace(/^\/api\/v1\//, '')), fallbackName);
}
