/** A progress bar on stderr without dependencies: redrawn in place on a terminal, a line per 10% otherwise. */
export function progressBar(label: string) {
  const tty = process.stderr.isTTY;
  let lastDecile = -1;
  const started = Date.now();
  return {
    update(done: number, total: number, note = '') {
      const ratio = total > 0 ? Math.min(1, done / total) : 0;
      const seconds = (Date.now() - started) / 1000;
      if (tty) {
        const width = 30;
        const filled = Math.round(ratio * width);
        process.stderr.write(
          `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${note} ${seconds.toFixed(1)}s   `,
        );
      } else if (Math.floor(ratio * 10) > lastDecile) {
        lastDecile = Math.floor(ratio * 10);
        process.stderr.write(`${label} ${(ratio * 100).toFixed(0)}% ${note} ${seconds.toFixed(1)}s\n`);
      }
    },
    done() {
      if (tty) process.stderr.write('\n');
    },
  };
}
