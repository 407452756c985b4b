import { FakeBuiltModel } from '@langchain/core/testing';

type Bindable = Parameters<FakeBuiltModel['bindTools']>[0];

/**
 * LangChain's own scripted fake chat model (`fakeModel()` from `@langchain/core/testing`) that
 * also records the names of the tools each model call was given (agents bind tools per call).
 */
export class RecordingModel extends FakeBuiltModel {
  readonly offered: string[][] = [];
  readonly schemas: Record<string, unknown>[] = [];

  override bindTools(tools: Bindable) {
    this.offered.push(tools.map((t) => t.name));
    for (const t of tools) this.schemas.push({ name: t.name, schema: t.schema });
    return super.bindTools(tools);
  }
}
