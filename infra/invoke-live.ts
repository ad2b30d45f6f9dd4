/**
 * The operator commands' one call into a deployed function: its live alias invoked
 * directly with a JSON event (lambda:InvokeFunction), its JSON answer returned.
 */
import { LIVE_ALIAS } from './outputs';

export async function invokeLive(region: string | undefined, functionName: string, event: object): Promise<unknown> {
  const { LambdaClient, InvokeCommand } = require('@aws-sdk/client-lambda') as typeof import('@aws-sdk/client-lambda');
  const client = new LambdaClient(region ? { region } : {});
  try {
    const answer = await client.send(new InvokeCommand({ FunctionName: `${functionName}:${LIVE_ALIAS}`, Payload: Buffer.from(JSON.stringify(event)) }));
    const text = Buffer.from(answer.Payload ?? []).toString('utf8');
    if (answer.FunctionError) throw new Error(`The render function failed (${answer.FunctionError}): ${text.slice(0, 500)}`);
    return JSON.parse(text);
  } finally {
    client.destroy();
  }
}
