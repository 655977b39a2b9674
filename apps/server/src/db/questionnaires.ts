/**
 * The questionnaires patients fill in in the provider's app (SPEC §3 'Questionnaire collection'): the
 * reference data puts them in the questionnaires table, and sessions, pharmacogenomics and ask-ai read
 * the patient's medicines by CURRENT_MEDICINES.
 */
export interface Question {
  id: string;
  text: string;
  type: 'single' | 'multi' | 'text' | 'number';
  options?: string[];
}

export const QUESTIONNAIRES: Array<{ id: number; category: string; description: string; questions: Question[] }> = [
  {
    id: 1,
    category: 'Health history',
    description: 'Diagnosed conditions, family history and recent symptoms.',
    questions: [
      {
        id: 'conditions',
        text: 'Which conditions have you been diagnosed with?',
        type: 'multi',
        options: [
          'None',
          'High blood pressure',
          'Type 2 diabetes',
          'High cholesterol',
          'Depression or anxiety',
          'Thyroid condition',
          'Osteoporosis',
          'Anaemia',
          'Other',
        ],
      },
      {
        id: 'family',
        text: 'Which conditions run in your close family?',
        type: 'multi',
        options: ['None', 'Heart disease', 'Type 2 diabetes', 'Cancer', 'Osteoporosis', 'Other'],
      },
      {
        id: 'fatigue',
        text: 'How often do you feel tired without a clear reason?',
        type: 'single',
        options: ['Rarely', 'Sometimes', 'Often', 'Almost always'],
      },
      { id: 'notes', text: 'Anything else your practitioner should know?', type: 'text' },
    ],
  },
  {
    id: 2,
    category: 'Diet',
    description: 'What and how you usually eat.',
    questions: [
      {
        id: 'pattern',
        text: 'Which best describes how you eat?',
        type: 'single',
        options: ['Mixed diet', 'Vegetarian', 'Vegan', 'Pescatarian', 'Low-carbohydrate'],
      },
      { id: 'dairy', text: 'Servings of dairy (milk, yoghurt, cheese) per day', type: 'number' },
      { id: 'vegetables', text: 'Servings of vegetables and fruit per day', type: 'number' },
      { id: 'redMeat', text: 'How often do you eat red meat?', type: 'single', options: ['Never', 'Less than weekly', '1-3 times a week', 'Most days'] },
      { id: 'salt', text: 'Do you add salt at the table?', type: 'single', options: ['Never', 'Sometimes', 'Usually'] },
    ],
  },
  {
    id: 3,
    category: 'Lifestyle',
    description: 'Sleep, activity, sun exposure, alcohol and smoking.',
    questions: [
      { id: 'sleep', text: 'Hours of sleep on a usual night', type: 'number' },
      { id: 'activity', text: 'Days a week with at least 30 minutes of exercise', type: 'number' },
      { id: 'sun', text: 'Time outdoors in daylight on a usual day', type: 'single', options: ['Under 15 minutes', '15-60 minutes', 'Over an hour'] },
      { id: 'alcohol', text: 'Alcoholic drinks per week', type: 'number' },
      { id: 'smoking', text: 'Do you smoke?', type: 'single', options: ['Never', 'Former smoker', 'Yes'] },
    ],
  },
  {
    id: 4,
    category: 'Current medicines and supplements',
    description: 'Everything you take now, prescribed or not.',
    questions: [
      { id: 'medicines', text: 'Which prescription medicines do you take?', type: 'text' },
      { id: 'otc', text: 'Which medicines do you buy without a prescription?', type: 'text' },
      { id: 'supplements', text: 'Which vitamins, minerals or other supplements do you take?', type: 'text' },
    ],
  },
];

/** Where the patient lists the medicines they take now (prescribed and over the counter): read by the pharmacogenomic report. */
export const CURRENT_MEDICINES = { category: 'Current medicines and supplements', questionIds: ['medicines', 'otc'] } as const;
