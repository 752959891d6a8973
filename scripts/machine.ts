/** One line naming the machine a run took its numbers on (the bench and chaos reports print it). */
import os from 'node:os';

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.arch()}`;
}
