/**
 * Saves a candidate's file through the API client, as the board's card menu does: a refusal (downloadForbidden, or
 * the documents limit's 429) rejects with the API's error, for an in-app message, instead of a failed browser download.
 */
import { send } from '../../../ui/api/client';

export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const res = await send(path.replace(/^\/api\/v1\//, ''));
  const blob = await res.blob();
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
