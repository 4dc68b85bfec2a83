/** Hands `blob` to the browser as a download named `name` (a link clicked in the page, released once surely read). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // A download starts after the click's task: the address is released well after that.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Saves an answer's body under the file name its Content-Disposition gives, else `fallbackName`. */
export async function saveResponse(res: Response, fallbackName: string): Promise<void> {
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await res.blob(), name);
}
