import { describe, expect, it } from 'vitest';
import { isEmptyReference, referenceOf } from './reference-model';

describe('the reference a call carries in its info', () => {
  it('reads VERA: the expected answer, the grader’s extraction and the context documents', () => {
    const r = referenceOf({
      track: 'long_context',
      expectedAnswer: 'Richard C. Larson',
      extractedFinalAnswer: 'R. Larson',
      contextDocuments: [{ source: 'mrcr', content: '<b>not markup</b>' }, { content: 42 }, 'junk'],
    });
    expect(r.answer).toEqual({
      expected: 'Richard C. Larson',
      given: 'R. Larson',
      givenSource: 'extracted by the grader',
    });
    expect(r.documents).toEqual([{ source: 'mrcr', content: '<b>not markup</b>' }]);
    expect([r.fields, r.complication, r.criteria]).toEqual([null, null, null]);
  });

  it('reads τ-Elicitation: gold against submitted values and the complication with its parameters', () => {
    const r = referenceOf({
      evaluationFields: { contact_email: 'john.g-2@qorvexmail.io' },
      submittedFields: { contact_email: 'j@mail.io' },
      complication: {
        kind: 'spell_correction',
        injected: true,
        line: 'Scripted complication…',
        mispronunciation: null,
        params: { faltered_partial: 'O, H, N', error_index: 0, unused: null },
      },
    });
    expect(r.fields).toEqual([
      { field: 'contact_email', gold: 'john.g-2@qorvexmail.io', submitted: 'j@mail.io', status: 'differs' },
    ]);
    expect(r.complication).toEqual({
      kind: 'spell_correction',
      injected: true,
      line: 'Scripted complication…',
      params: [
        ['faltered_partial', 'O, H, N'],
        ['error_index', '0'],
      ],
    });
  });

  it('reads τ² evaluation criteria: expected actions with their arguments, what to communicate, assertions', () => {
    const r = referenceOf({
      evaluationCriteria: {
        actions: [
          {
            action_id: '1',
            name: 'cancel_order',
            arguments: { order_id: '#W1', items: ['a', 2] },
            requestor: 'assistant',
          },
          { name: 'toggle_roaming', requestor: 'user' },
          { arguments: {} },
        ],
        communicate_info: ['$120', 7],
        nl_assertions: ['The agent confirms before cancelling'],
      },
    });
    expect(r.criteria).toEqual({
      actions: [
        { name: 'cancel_order', requestor: 'assistant', arguments: [['order_id', '#W1'], ['items', '["a",2]']] },
        { name: 'toggle_roaming', requestor: 'user', arguments: [] },
      ],
      communicate: ['$120'],
      assertions: ['The agent confirms before cancelling'],
    });
  });

  it('reads the generic answer and document, and finds nothing in an info without them', () => {
    const r = referenceOf({ answer: { expected: '30 days', given: 60 }, document: 'Returns policy.' });
    expect(r.answer).toEqual({ expected: '30 days', given: '60', givenSource: 'given by the system' });
    expect(r.documents).toEqual([{ source: null, content: 'Returns policy.' }]);
    expect(isEmptyReference(referenceOf({ mode: 'full_duplex', tickRuns: [] }))).toBe(true);
    expect(isEmptyReference(referenceOf({ answer: 'not an object', complication: { kind: 3 } }))).toBe(true);
  });
});
