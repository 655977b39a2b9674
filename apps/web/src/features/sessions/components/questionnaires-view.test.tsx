import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { hasAnswer, QuestionsAndAnswers } from './questionnaires-view';

const QUESTIONS = [
  { id: 'conditions', text: 'Which conditions have you been diagnosed with?', type: 'multi', options: ['None', 'High cholesterol', 'Anaemia'] },
  { id: 'fatigue', text: 'How often do you feel tired?', type: 'single', options: ['Rarely', 'Often'] },
  { id: 'sleep', text: 'Hours of sleep on a usual night', type: 'number' },
  { id: 'notes', text: 'Anything else?', type: 'text' },
  { id: 'family', text: 'Which conditions run in your family?', type: 'multi', options: ['None'] },
  { id: 'blank', text: 'Which supplements do you take?', type: 'text' },
];

describe('questionnaire answers', () => {
  it("shows each question with the patient's answer, and 'Not answered' when there is none", () => {
    renderWithProviders(
      <QuestionsAndAnswers
        questions={QUESTIONS}
        answers={{ conditions: ['High cholesterol', 'Anaemia'], fatigue: 'Often', sleep: '6', family: [], blank: '  ' }}
      />,
    );
    const answerOf = (question: string) => screen.getByText(question).nextElementSibling as HTMLElement;
    const multi = answerOf('Which conditions have you been diagnosed with?');
    expect(Array.from(multi.querySelectorAll('li')).map((li) => li.textContent)).toEqual(['High cholesterol', 'Anaemia']);
    expect(answerOf('How often do you feel tired?')).toHaveTextContent(/^Often$/);
    expect(answerOf('Hours of sleep on a usual night')).toHaveTextContent(/^6$/);
    // Missing, an empty choice and a blank text all read as not answered.
    expect(answerOf('Anything else?')).toHaveTextContent(/^Not answered$/);
    expect(answerOf('Which conditions run in your family?')).toHaveTextContent(/^Not answered$/);
    expect(answerOf('Which supplements do you take?')).toHaveTextContent(/^Not answered$/);
  });

  it('pairs questions and answers in a description list', () => {
    renderWithProviders(<QuestionsAndAnswers questions={QUESTIONS.slice(0, 1)} answers={{ conditions: ['None'] }} />);
    expect(screen.getByText('Which conditions have you been diagnosed with?').tagName).toBe('DT');
    expect(screen.getByText('None').closest('dd')).not.toBeNull();
  });

  it('counts only answers that say something', () => {
    expect(hasAnswer(undefined)).toBe(false);
    expect(hasAnswer('')).toBe(false);
    expect(hasAnswer([])).toBe(false);
    expect(hasAnswer(['', ' '])).toBe(false);
    expect(hasAnswer('0')).toBe(true);
    expect(hasAnswer(['None'])).toBe(true);
  });
});
