/**
 * Legal documents shown on the public routes (/terms-and-conditions, /privacy-policy,
 * /portal-terms-and-conditions), rendered to PDF by the server for the terms modal.
 *
 * Text rules: plain English, straight ASCII quotes and hyphens, printable Latin-1 only
 * (the PDF uses a standard font with WinAnsi encoding). Any change to the wording of
 * the account or portal terms must bump `version` so practitioners accept it again.
 */

export type LegalSlug = 'terms-and-conditions' | 'privacy-policy' | 'portal-terms-and-conditions';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDocument {
  slug: LegalSlug;
  title: string;
  version: number;
  /** ISO date, yyyy-mm-dd. */
  effectiveDate: string;
  summary: string;
  sections: LegalSection[];
}

const EFFECTIVE_DATE = '2026-11-01';

const TERMS_AND_CONDITIONS: LegalDocument = {
  slug: 'terms-and-conditions',
  title: 'Terms & Conditions',
  version: 1,
  effectiveDate: EFFECTIVE_DATE,
  summary:
    'These terms govern your practitioner account with the Provider, the genetic and health-testing company that operates the Practitioner Portal. They explain who may use the portal, how patient data must be handled, what the Ask AI feature can and cannot do, the fees you agree to pay and what happens when the terms change.',
  sections: [
    {
      heading: 'Acceptance of these terms',
      paragraphs: [
        'By creating a practitioner account, signing in to the portal or using any part of it, you agree to these terms. If you do not agree, you may not use the portal.',
        'If you use the portal on behalf of a practice or other organisation, you confirm that you are authorised to bind it, and "you" includes that practice. You remain personally responsible for your own professional conduct.',
        'These terms apply together with the Portal Terms & Conditions, which deal with your practice listing and day-to-day work in the portal, and with our Privacy Policy. If they conflict, the Portal Terms & Conditions prevail on matters specific to the portal.',
      ],
    },
    {
      heading: 'Eligibility',
      paragraphs: [
        'The portal is only for health professionals who are registered with the Health Professions Council of South Africa (HPCSA) or, where their profession is regulated by another statutory council, with that council. Registration must be current and not subject to suspension.',
        'You must be at least 18 years old and legally able to enter into a binding agreement. We may ask for proof of registration, identity and qualifications at any time and may refuse or suspend access until we receive it.',
        'You must tell us promptly if your registration lapses, is suspended, or becomes subject to conditions that affect the services you offer through the portal.',
      ],
    },
    {
      heading: 'Your account and its security',
      paragraphs: [
        "Accounts are created and signed in to through the Provider's single sign-on service. Your account is personal to you and may not be shared, sold or transferred.",
        'Keep your password secret, use a strong password and sign out on shared devices. You are responsible for everything done through your account until you tell us that it may have been compromised.',
        'Tell us immediately through the Contact us page if you suspect unauthorised access to your account or to patient data. We may suspend the account while we investigate.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: [
        'Use the portal only to provide professional services to patients who have asked you for them, and only in line with the law and the ethical rules of your profession.',
        "You may not copy patient data out of the portal except as needed for that patient's care, try to access records or accounts that are not yours, probe or disrupt the portal's security, or use automated tools to extract data.",
        'You may not use the portal to advertise unrelated products to patients, to contact patients for purposes they have not agreed to, or to upload unlawful, misleading or harmful content.',
      ],
    },
    {
      heading: 'Patient consent and data requests',
      paragraphs: [
        "You may only see a patient's data after the patient has chosen you in the Provider's mobile app and you have accepted the session request. A data request is sent to the patient, who confirms or declines it in the app.",
        'You must not ask for more data than you need for the service the patient requested. If a patient withdraws consent or declines a data request, you must stop relying on data obtained under it, except where the law requires you to keep a record.',
        'Before giving advice based on genetic or health data, you must make sure the patient understands what the results can and cannot show, and you must refer the patient to a suitably qualified professional where the findings call for it.',
      ],
    },
    {
      heading: 'Genetic and health data is special personal information',
      paragraphs: [
        "Genotype results, questionnaire answers and pharmacogenomic reports are special personal information under the Protection of Personal Information Act, 2013 (POPIA). They can reveal sensitive facts about the patient and about the patient's biological relatives.",
        "You must keep this information confidential, in line with your professional duty of confidentiality, and use it only for the patient's care. You may not use it for employment, insurance, credit or marketing decisions.",
        "Every time you open a patient's data, the access is recorded in an audit trail that the patient may ask to see. Access outside an active session is not possible and attempts to obtain it are a serious breach of these terms.",
      ],
    },
    {
      heading: 'Ask AI is not medical advice',
      paragraphs: [
        "The Ask AI feature produces an automated summary or suggestion from a patient's data and kit. It is a drafting aid for you as a professional, not medical advice, a diagnosis or a treatment plan.",
        'Ask AI output can be incomplete, out of date or wrong. You must check every statement against the underlying results and current clinical guidance before you rely on it.',
        'You remain fully responsible for any advice you give. Do not pass Ask AI output to a patient without reviewing it and making it your own professional opinion.',
      ],
    },
    {
      heading: 'Fees and payment',
      paragraphs: [
        "When you request a patient's data through the portal, you agree to pay the Provider the data-request fee agreed for that request. The fee is payable within 14 days of the date of the request.",
        'Fees, kit prices and any other charges are shown in the portal or agreed with you in writing before you incur them. Unless stated otherwise, amounts include value-added tax where it applies.',
        'If a fee is not paid on time, we may pause new data requests and other paid features until the account is brought up to date. Repeated late payment may lead to suspension as described under Suspension and termination below.',
      ],
    },
    {
      heading: 'Intellectual property',
      paragraphs: [
        'The portal, its software, design, reports, course material and trade marks belong to the Provider or its licensors. We give you a personal, non-exclusive, non-transferable right to use them while your account is active and only for the purposes in these terms.',
        'You may not copy, modify, resell or reverse engineer the portal or its content, except to the extent the law allows despite this restriction.',
        'Your journal notes remain your professional work. You give the Provider the right to store, display and deliver them to the patient and to keep them as required by law.',
      ],
    },
    {
      heading: 'Third-party data and attributions',
      paragraphs: [
        'Pharmacogenomic reports draw on the guidelines of the Clinical Pharmacogenetics Implementation Consortium (CPIC), which CPIC makes available under the Creative Commons CC0 1.0 public domain dedication. CPIC does not endorse the Provider or the portal.',
        'Genotype-to-phenotype calls are produced with PharmCAT, the Pharmacogenomics Clinical Annotation Tool, which is licensed under the Mozilla Public License 2.0. The source code of PharmCAT is publicly available from its project, and where we distribute PharmCAT or files derived from it, we do so under that licence.',
        'Third-party guidelines reflect the evidence available when they were published and may not cover every drug, gene or population. You must use your own clinical judgement when applying them.',
      ],
    },
    {
      heading: 'Suspension and termination',
      paragraphs: [
        'You may close your account at any time by contacting us. Closing the account does not cancel fees that are already due.',
        'We may suspend or close your account, with notice where it is reasonable to give it, if you breach these terms, if your professional registration lapses or is suspended, if fees remain unpaid, or if we reasonably believe that patients or their data are at risk.',
        'When the account ends, your access to the portal and to patient data stops. We keep records, including journal notes and the access audit trail, for as long as the law requires, as described in the Privacy Policy.',
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        'We take reasonable care to keep the portal available and its content accurate, but we provide it as it is and do not promise that it will be uninterrupted or free of errors. Laboratory results are subject to the limits stated in each report.',
        'You are responsible for your clinical decisions and your advice to patients. To the extent the law allows, the Provider is not liable for loss caused by your reliance on the portal, on Ask AI output or on third-party guidelines without your own professional review.',
        'To the extent the law allows, our total liability to you for any claim is limited to the fees you paid us in the 12 months before the claim arose. Nothing in these terms limits liability that cannot be limited by law, including liability for gross negligence or fraud.',
        'You indemnify the Provider against claims by patients or others that arise from your breach of these terms or of your professional obligations.',
      ],
    },
    {
      heading: 'Changes to these terms',
      paragraphs: [
        'We may update these terms, for example when the law or the portal changes. Each update receives a new version number and effective date.',
        'When a new version is published, you will be asked to read and accept it before you can continue to use the portal. If you do not accept it, you may close your account and we will settle any amounts due on either side.',
      ],
    },
    {
      heading: 'Governing law and contact',
      paragraphs: [
        'These terms are governed by the law of the Republic of South Africa, and the courts of South Africa have jurisdiction over any dispute about them. Before going to court, both sides will first try in good faith to resolve the dispute through discussion.',
        'Questions about these terms can be sent through the Contact us link in the portal sidebar. Notices to you will be sent to the email address on your account.',
      ],
    },
  ],
};

const PRIVACY_POLICY: LegalDocument = {
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  version: 1,
  effectiveDate: EFFECTIVE_DATE,
  summary:
    'This policy explains how the Provider, the genetic and health-testing company that operates the Practitioner Portal, collects, uses, protects and shares personal information about practitioners, and how patient information is handled when a patient shares it with a practitioner. It is written to meet the Protection of Personal Information Act, 2013 (POPIA) and, where it applies, the EU General Data Protection Regulation (GDPR).',
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [
        'The Provider operates the Practitioner Portal and the patient mobile app, and is the responsible party under POPIA for the personal information described in this policy. Where the GDPR applies, the Provider is the controller.',
        'Practitioners who use the portal are independent health professionals. For the care they give, they are also responsible parties in their own right and must handle patient information in line with the law and their professional rules.',
      ],
    },
    {
      heading: 'Information we collect about practitioners',
      paragraphs: [
        'Account details: your name, email address, phone number, profile picture and the sign-in records kept by the single sign-on service.',
        'Practice details: your practitioner category, HPCSA registration number, practice number, practice description, languages, specialisations, addresses, availability, consignment warehouse details and the results of the onboarding course and test.',
        'Financial details: payment methods, discount codes you create, transactions and fees owed. Card and PayPal details are held by the payment provider; we keep only a reference and the type of payment method.',
        'Usage details: which terms versions you accepted and when, security logs, and a small number of product events, such as a session being accepted or a journal being created, which never contain patient health or genetic data.',
      ],
    },
    {
      heading: "Patient information processed on the patient's instruction",
      paragraphs: [
        "Patients use the Provider's mobile app to request a session with a practitioner. When a practitioner accepts the request and the patient confirms a data request, we show that practitioner the data the patient chose to share.",
        "This can include the patient's name and contact details, kit and sample details, genotype results, questionnaire answers and pharmacogenomic reports. It also includes the journal notes the practitioner writes and submits to the patient.",
        'We process this information only to deliver the service the patient asked for. Access ends when the session is completed, and a declined request never gives access.',
      ],
    },
    {
      heading: 'Special personal information',
      paragraphs: [
        'Genetic and health information is special personal information under sections 26 to 33 of POPIA, and a special category of data under Article 9 of the GDPR where the GDPR applies. We process it only where one of the authorisations in those provisions applies.',
        "For patient data, the authorisations we rely on are the patient's explicit consent, given in the app for each data request, and processing by health professionals who are bound by a duty of confidentiality for the purpose of the patient's care.",
        'We do not use genetic or health data for advertising, do not sell it, and do not disclose it to employers or insurers.',
      ],
    },
    {
      heading: 'Why we use information and our lawful basis',
      paragraphs: [
        'We use practitioner information to run your account, review your registration, list your practice in the patient app, route session requests, process payments and fees, provide support and keep the portal secure. The lawful basis is the performance of our agreement with you and our legitimate interest in running a safe service.',
        'We use information to meet legal duties, such as keeping financial records, responding to lawful requests from authorities and verifying professional registration. We send you service emails about your account, sessions and changes to our terms.',
        "We do not make decisions about you that have legal effects based only on automated processing. Ask AI summaries are produced only when a practitioner asks for one and are always subject to the practitioner's review.",
      ],
    },
    {
      heading: 'Sharing of information',
      paragraphs: [
        'We do not sell personal information. Patient information is shared only with the practitioner the patient chose, for the duration of the session.',
        'We use operators who process information on our behalf under written contracts that require confidentiality and security: a hosting provider for our servers and databases, an email delivery provider for service emails, and a payment provider for payments.',
        "We may disclose information where the law requires it, to protect someone's life or safety, or as part of a sale or restructuring of the Provider, in which case the recipient must keep to this policy.",
      ],
    },
    {
      heading: 'How long we keep information',
      paragraphs: [
        'We keep practitioner account information for as long as your account is open and for up to five years after it closes, so that we can deal with questions, disputes and tax records. Information we no longer need is deleted or de-identified.',
        'Journal notes and the audit trail of access to patient data are health records. We keep them for at least six years after the session ends, in line with HPCSA guidance on health records, or longer where the law requires.',
        "Patient genetic and health data is kept according to the patient's choices in the mobile app and the Provider's patient privacy policy.",
      ],
    },
    {
      heading: 'How we protect information',
      paragraphs: [
        'Information is encrypted in transit with TLS and encrypted at rest in our databases and backups. Access by our staff is limited to those who need it for their role and is logged.',
        'Practitioners can only reach patient data through an active session they own. Every access to patient data, including views of results, questionnaires, reports and Ask AI requests, is recorded in an audit trail with the time, the practitioner and the item accessed.',
        'If a security compromise affects your information, we will notify you and the Information Regulator as required by section 22 of POPIA.',
      ],
    },
    {
      heading: 'Cross-border transfers',
      paragraphs: [
        'Some of our operators may store or process information outside South Africa. We only transfer personal information across borders where section 72 of POPIA allows it, for example where the recipient is bound by law or a binding agreement that gives an adequate level of protection.',
        "Special personal information is transferred only with the same safeguards and, where required, with the data subject's consent.",
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'Under section 23 of POPIA you may ask whether we hold personal information about you and ask for a copy of it. This includes the identity of the third parties, or categories of third parties, who have had access to it, so patients may ask for the history of practitioner access to their data.',
        'You may ask us to correct or delete information that is inaccurate, out of date, incomplete or unlawfully held, and you may object to processing based on our legitimate interests. Where the GDPR applies, you also have the rights to restriction and portability.',
        'If you are unhappy with how we have handled your information, please contact our Information Officer first. You also have the right to lodge a complaint with the Information Regulator of South Africa, whose details are on its website at inforegulator.org.za.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'The portal sets one strictly necessary cookie when you sign in. It holds your access and refresh tokens, lasts 30 days, and is removed when you log out.',
        "We do not use advertising cookies or third-party tracking cookies. Logging out also clears the portal data kept in your browser's local storage.",
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        'The portal is for adult health professionals and is not intended for anyone under 18.',
        'Information about a patient under 18 is only shared with a practitioner where a competent person, such as a parent or guardian, has given consent in the mobile app, as section 35 of POPIA requires.',
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'We may update this policy when our services or the law change. Each update has a new version number and effective date, and we will tell you about significant changes by email or in the portal before they take effect.',
      ],
    },
    {
      heading: 'Contact and Information Officer',
      paragraphs: [
        'The Provider has appointed an Information Officer who is responsible for compliance with POPIA. You can reach the Information Officer through the Contact us link in the portal sidebar by marking your message for the attention of the Information Officer.',
        'Requests about your rights will be answered within a reasonable time and in any case within the periods set by POPIA and the Promotion of Access to Information Act, 2000. We may ask you to prove your identity before we act on a request.',
      ],
    },
  ],
};

const PORTAL_TERMS_AND_CONDITIONS: LegalDocument = {
  slug: 'portal-terms-and-conditions',
  title: 'Portal Terms & Conditions',
  version: 1,
  effectiveDate: EFFECTIVE_DATE,
  summary:
    'These terms set out how practitioners work with patients, kits and payments in the Practitioner Portal operated by the Provider. They apply together with the Terms & Conditions of your account and the Privacy Policy.',
  sections: [
    {
      heading: 'Listing in the patient app',
      paragraphs: [
        'After you register your practice, the Provider reviews it. A review usually takes a few hours and you will receive the outcome by email; while you wait, you can take the demo tour.',
        'Your practice is shown to patients in the mobile app only once the review has been accepted and you have completed the onboarding course and passed the practitioners test. The course must be completed before the test can be taken.',
        'You are responsible for keeping your listing accurate, including your description, languages, specialisations, addresses and availability.',
      ],
    },
    {
      heading: 'HPCSA registration and practice number',
      paragraphs: [
        "The HPCSA registration number and practice number you enter must be your own, correct and current. Entering another person's number or a false number is grounds for immediate deactivation and may be reported to the HPCSA.",
        'You must update your details in Settings within seven days of any change, and tell us at once if your registration is suspended, made subject to conditions, or ends.',
      ],
    },
    {
      heading: 'Session requests',
      paragraphs: [
        'Patients request sessions through the mobile app, and requests appear in the portal as pending sessions. A booking time must be between one and seven days from the date it is made.',
        'You may accept or reject each pending request. Please respond promptly so the patient can look elsewhere if you cannot help.',
        'Rejecting a request cannot be undone. The patient is told that the session was declined and must send a new request if they still want to work with you.',
      ],
    },
    {
      heading: 'Access to patient data',
      paragraphs: [
        'Once you accept a session and the patient confirms your data request, you can view the results, questionnaires and pharmacogenomic reports the patient shared, and use Ask AI on them. Each access is recorded in an audit trail.',
        "Your access to the patient's data ends when the session is completed, which happens when you submit your journal notes. After that, you can no longer see the patient's data in the portal.",
        'Only request data once per patient and session. If you have already requested data for a patient, the portal will not send a second request.',
      ],
    },
    {
      heading: 'Journal notes',
      paragraphs: [
        'Journal notes are your professional record of the session and are delivered to the patient when you submit them. You may save a draft and edit it later, but submitted notes cannot be changed.',
        'Write notes that are accurate, clear to the patient and within the scope of your profession. Where you used Ask AI, you must have checked its output and adopted it as your own view.',
        'You must keep your own clinical records as your professional rules require; the portal copy does not replace that duty.',
      ],
    },
    {
      heading: 'Kits and the consignment warehouse',
      paragraphs: [
        "If you register a consignment warehouse, the Provider may place test kits with you. Kits held on consignment remain the Provider's property until they are assigned to a patient or sold.",
        'You are responsible for storing consignment stock safely, according to the handling instructions supplied with it, and for any loss, theft or damage while it is in your care. You must allow stock counts on reasonable notice.',
        'A kit may be assigned to only one patient. Keep the kit ID and sample label accurate, and never reassign a kit that has already been taken.',
      ],
    },
    {
      heading: 'Discount codes',
      paragraphs: [
        'Accepted practitioners may create discount codes for kits, including randomly generated codes and codes with upsell or shipping options. A code applies only under the rule you set and within the limits the Provider allows.',
        'Discount codes may not be sold, exchanged for cash or advertised in a misleading way. The Provider may disable a code that is misused or that breaches these terms.',
      ],
    },
    {
      heading: 'Payments and fees',
      paragraphs: [
        'Add a valid payment method, credit card or PayPal, and keep it up to date. The transactions summary shows your latest transactions and the fees you owe.',
        'The data-request fee agreed for each data request is payable to the Provider within 14 days of the request. Other amounts are payable as shown in the portal or agreed in writing.',
        'If you believe a transaction is wrong, tell us within 30 days of it appearing in your summary so that we can investigate and correct it.',
      ],
    },
    {
      heading: 'Professional conduct',
      paragraphs: [
        'Treat patients with respect, keep their information confidential and stay within the scope of practice of your registration. Follow the ethical rules of the HPCSA and any other body that regulates you.',
        'Do not use the portal to contact patients for purposes unrelated to their session, to pressure them into buying products, or to request data you do not need.',
      ],
    },
    {
      heading: 'Review and deactivation',
      paragraphs: [
        'The Provider may review your account, listing and activity at any time, including the access audit trail, to check that these terms are being followed.',
        'We may restrict or deactivate your account if your registration is no longer valid, if fees remain unpaid, if patients or their data are at risk, or if you breach these terms. Where reasonable, we will tell you why and give you a chance to respond.',
        'When your account is deactivated, your listing is removed from the patient app, pending requests are declined and your access to patient data ends. Records are kept as described in the Privacy Policy.',
      ],
    },
  ],
};

export const LEGAL_DOCUMENTS: Record<LegalSlug, LegalDocument> = {
  'terms-and-conditions': TERMS_AND_CONDITIONS,
  'privacy-policy': PRIVACY_POLICY,
  'portal-terms-and-conditions': PORTAL_TERMS_AND_CONDITIONS,
};

/** Versions a user (account) and a practitioner (portal) must have accepted. */
export const CURRENT_TOS_VERSIONS: { account: number; portal: number } = {
  account: TERMS_AND_CONDITIONS.version,
  portal: PORTAL_TERMS_AND_CONDITIONS.version,
};
