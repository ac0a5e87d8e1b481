import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Both linters over the committed document, with the rulesets committed
 * beside it (.spectral.yaml, api-spec/redocly.yaml): not one error, not one
 * warning. A failure prints every finding, where it is and what it says.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOCUMENT = 'api-spec/openapi.json';

interface Finding {
  readonly rule: string;
  readonly severity: string;
  readonly where: string;
  readonly message: string;
}

/** Runs a linter and hands back its stdout: both exit non-zero when they find something, which is not a failure to run. */
function stdoutOf(binary: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(`${ROOT}node_modules/.bin/${binary}`, args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (stdout.trim().length > 0) resolve(stdout);
      else reject(new Error(`${binary} printed nothing: ${error?.message ?? ''}\n${stderr}`));
    });
  });
}

const SPECTRAL_SEVERITIES = ['error', 'warning', 'info', 'hint'];

async function spectralFindings(): Promise<Finding[]> {
  const findings: { code: string; severity: number; path: string[]; message: string }[] = JSON.parse(
    await stdoutOf('spectral', ['lint', DOCUMENT, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet']),
  );
  return findings.map((f) => ({ rule: f.code, severity: SPECTRAL_SEVERITIES[f.severity] ?? String(f.severity), where: f.path.join('.'), message: f.message }));
}

/** Redocly's findings, counting any it was told to ignore (an ignore file anywhere it looks) as findings too. */
async function redoclyFindings(): Promise<Finding[]> {
  const report: {
    totals: { ignored: number };
    problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
  } = JSON.parse(await stdoutOf('redocly', ['lint', '--config', 'api-spec/redocly.yaml', '--format', 'json', DOCUMENT]));
  const ignored =
    report.totals.ignored > 0
      ? [{ rule: 'lint-ignore', severity: 'error', where: 'an ignore file', message: `${report.totals.ignored} finding(s) ignored` }]
      : [];
  return [
    ...ignored,
    ...report.problems.map((p) => ({ rule: p.ruleId, severity: p.severity, where: p.location.map((l) => l.pointer).join(' '), message: p.message })),
  ];
}

const listed = (findings: readonly Finding[]) => findings.map((f) => `  ${f.severity} ${f.rule} at ${f.where}: ${f.message}`).join('\n');

describe('the OpenAPI document lints clean', () => {
  it('under Spectral (spectral:oas and the OWASP API ruleset, as .spectral.yaml configures them)', async () => {
    const findings = await spectralFindings();
    expect(findings, `Spectral found ${findings.length}:\n${listed(findings)}`).toEqual([]);
  });

  it("under Redocly's recommended rules, with no ignore file", async () => {
    const findings = await redoclyFindings();
    expect(findings, `Redocly found ${findings.length}:\n${listed(findings)}`).toEqual([]);
  });
});
