import type { MessageEvent, MessageLanguage } from './events.ts';

/**
 * The built-in texts of every message, in en, hi and ar. {placeholders} name values of events.ts (templateValues);
 * {link} is the message's one call to action (linkOf). Staff may replace `subject` and `intro` per language
 * (templates.ts); the rest changes with a deploy. `sms` is the short text for SMS (and WhatsApp's body parameter):
 * under 160 characters in English once filled, one DLT-registered template each.
 */
export interface MessageTexts {
  subject: string;
  intro: string;
  /** The call to action's label; the button is left out when the message has no link. */
  button?: string;
  sms?: string;
}

/** What the message's button points at (order-events.ts builds the URL). */
export type LinkKind = 'order' | 'pay' | 'customise' | 'tracking' | 'review' | 'shop' | 'product';

export const messageLinks: Record<MessageEvent, LinkKind> = {
  'order-placed': 'order',
  'payment-received': 'order',
  'payment-failed': 'pay',
  'personalisation-needed': 'customise',
  'personalisation-reminder': 'customise',
  'proof-ready': 'order',
  'order-in-production': 'order',
  'order-shipped': 'tracking',
  'order-delivered': 'review',
  'order-cancelled': 'order',
  'order-refunded': 'order',
  'back-in-stock': 'product',
  newsletter: 'shop',
};

type Catalogue = Record<MessageEvent, Record<MessageLanguage, MessageTexts>>;

export const builtInTexts: Catalogue = {
  'order-placed': {
    en: {
      subject: 'Order {orderNumber} placed',
      intro: 'Thank you, {name}! Your order {orderNumber} ({items}) is placed. You pay {total} in cash on delivery. We will let you know when it ships.',
      button: 'See your order',
      sms: '{shop}: order {orderNumber} placed, {total} to pay on delivery. Details: {link}',
    },
    hi: {
      subject: 'ऑर्डर {orderNumber} मिल गया',
      intro: 'धन्यवाद, {name}! आपका ऑर्डर {orderNumber} ({items}) मिल गया है। डिलीवरी पर {total} नकद दें। भेजते ही हम आपको बताएँगे।',
      button: 'अपना ऑर्डर देखें',
      sms: '{shop}: ऑर्डर {orderNumber} मिल गया, डिलीवरी पर {total}। विवरण: {link}',
    },
    ar: {
      subject: 'تم تقديم الطلب {orderNumber}',
      intro: 'شكرًا لك يا {name}! تم تقديم طلبك {orderNumber} ({items}). تدفع {total} نقدًا عند الاستلام. سنخبرك عند شحنه.',
      button: 'عرض طلبك',
      sms: '{shop}: تم تقديم الطلب {orderNumber}، {total} عند الاستلام. التفاصيل: {link}',
    },
  },
  'payment-received': {
    en: {
      subject: 'Order {orderNumber} paid',
      intro: 'Thank you, {name}! We have received your payment of {total} for order {orderNumber} ({items}). We will let you know when it ships.',
      button: 'See your order',
      sms: '{shop}: payment of {total} received for order {orderNumber}. Details: {link}',
    },
    hi: {
      subject: 'ऑर्डर {orderNumber} का भुगतान मिला',
      intro: 'धन्यवाद, {name}! ऑर्डर {orderNumber} ({items}) के लिए आपका {total} का भुगतान मिल गया है। भेजते ही हम आपको बताएँगे।',
      button: 'अपना ऑर्डर देखें',
      sms: '{shop}: ऑर्डर {orderNumber} का {total} भुगतान मिला। विवरण: {link}',
    },
    ar: {
      subject: 'تم دفع الطلب {orderNumber}',
      intro: 'شكرًا لك يا {name}! استلمنا دفعتك البالغة {total} للطلب {orderNumber} ({items}). سنخبرك عند شحنه.',
      button: 'عرض طلبك',
      sms: '{shop}: استلمنا {total} للطلب {orderNumber}. التفاصيل: {link}',
    },
  },
  'payment-failed': {
    en: {
      subject: 'Payment for order {orderNumber} did not go through',
      intro:
        'Hello {name}, the payment of {total} for order {orderNumber} did not go through. Your items are held for a short while: try again from your order page.',
      button: 'Try the payment again',
      sms: '{shop}: payment for order {orderNumber} failed. Try again: {link}',
    },
    hi: {
      subject: 'ऑर्डर {orderNumber} का भुगतान नहीं हो सका',
      intro: 'नमस्ते {name}, ऑर्डर {orderNumber} के लिए {total} का भुगतान नहीं हो सका। आपका सामान कुछ समय के लिए रखा गया है: अपने ऑर्डर पेज से फिर कोशिश करें।',
      button: 'फिर से भुगतान करें',
      sms: '{shop}: ऑर्डर {orderNumber} का भुगतान नहीं हुआ। फिर कोशिश करें: {link}',
    },
    ar: {
      subject: 'لم يتم دفع الطلب {orderNumber}',
      intro: 'مرحبًا {name}، لم تنجح عملية دفع {total} للطلب {orderNumber}. نحتفظ بمنتجاتك لفترة قصيرة: أعد المحاولة من صفحة طلبك.',
      button: 'أعد محاولة الدفع',
      sms: '{shop}: فشل دفع الطلب {orderNumber}. أعد المحاولة: {link}',
    },
  },
  'personalisation-needed': {
    en: {
      subject: 'Tell us how to personalise order {orderNumber}',
      intro: 'Hello {name}, your order {orderNumber} has items we make just for you. Send us the names, texts or photos for them, and we start making it.',
      button: 'Add your personalisation',
      sms: '{shop}: add the personalisation for order {orderNumber} so we can make it: {link}',
    },
    hi: {
      subject: 'ऑर्डर {orderNumber} के लिए अपनी पसंद बताएँ',
      intro: 'नमस्ते {name}, आपके ऑर्डर {orderNumber} में कुछ चीज़ें खास आपके लिए बनती हैं। उनके लिए नाम, संदेश या फ़ोटो भेजें, और हम बनाना शुरू करेंगे।',
      button: 'अपनी पसंद जोड़ें',
      sms: '{shop}: ऑर्डर {orderNumber} के लिए अपनी पसंद भेजें: {link}',
    },
    ar: {
      subject: 'أخبرنا كيف نخصص الطلب {orderNumber}',
      intro: 'مرحبًا {name}، في طلبك {orderNumber} منتجات نصنعها لك خصيصًا. أرسل لنا الأسماء أو النصوص أو الصور، فنبدأ في صنعها.',
      button: 'أضف التخصيص',
      sms: '{shop}: أضف تخصيص الطلب {orderNumber} لنبدأ: {link}',
    },
  },
  'personalisation-reminder': {
    en: {
      subject: 'Reminder: we are waiting for your personalisation of order {orderNumber}',
      intro: 'Hello {name}, we cannot start making order {orderNumber} until you tell us how to personalise it. It takes a minute.',
      button: 'Add your personalisation',
      sms: '{shop}: we are still waiting for the personalisation of order {orderNumber}: {link}',
    },
    hi: {
      subject: 'याद दिलाना: ऑर्डर {orderNumber} के लिए आपकी पसंद का इंतज़ार है',
      intro: 'नमस्ते {name}, जब तक आप अपनी पसंद नहीं बताते, हम ऑर्डर {orderNumber} बनाना शुरू नहीं कर सकते। इसमें एक मिनट लगता है।',
      button: 'अपनी पसंद जोड़ें',
      sms: '{shop}: ऑर्डर {orderNumber} के लिए आपकी पसंद का इंतज़ार है: {link}',
    },
    ar: {
      subject: 'تذكير: ننتظر تخصيص الطلب {orderNumber}',
      intro: 'مرحبًا {name}، لا يمكننا البدء في صنع الطلب {orderNumber} حتى تخبرنا كيف نخصصه. يستغرق ذلك دقيقة.',
      button: 'أضف التخصيص',
      sms: '{shop}: ما زلنا ننتظر تخصيص الطلب {orderNumber}: {link}',
    },
  },
  // Issue 24: staff sent a proof; the order page has the image and the approve / ask-for-changes buttons.
  'proof-ready': {
    en: {
      subject: 'Your proof for order {orderNumber} is ready',
      intro:
        'Hello {name}, here is how your order {orderNumber} will look. Please approve the proof or tell us what to change; we start making it once you approve.',
      button: 'See the proof',
      sms: '{shop}: the proof for order {orderNumber} is ready. Approve it or ask for changes: {link}',
    },
    hi: {
      subject: 'ऑर्डर {orderNumber} का प्रूफ़ तैयार है',
      intro: 'नमस्ते {name}, आपका ऑर्डर {orderNumber} ऐसा दिखेगा। प्रूफ़ को मंज़ूरी दें या बताएँ क्या बदलना है; मंज़ूरी मिलते ही हम बनाना शुरू करेंगे।',
      button: 'प्रूफ़ देखें',
      sms: '{shop}: ऑर्डर {orderNumber} का प्रूफ़ तैयार है। मंज़ूरी दें या बदलाव बताएँ: {link}',
    },
    ar: {
      subject: 'نموذج طلبك {orderNumber} جاهز',
      intro: 'مرحبًا {name}، هكذا سيبدو طلبك {orderNumber}. يُرجى اعتماد النموذج أو إخبارنا بما يجب تغييره؛ نبدأ الصنع بعد اعتمادك.',
      button: 'عرض النموذج',
      sms: '{shop}: نموذج الطلب {orderNumber} جاهز. اعتمده أو اطلب تغييرات: {link}',
    },
  },
  'order-in-production': {
    en: {
      subject: 'We are making order {orderNumber}',
      intro: 'Good news, {name}! Our artisans have started making your order {orderNumber}. We will tell you when it ships.',
      button: 'See your order',
      sms: '{shop}: we have started making order {orderNumber}. Details: {link}',
    },
    hi: {
      subject: 'हम ऑर्डर {orderNumber} बना रहे हैं',
      intro: 'अच्छी खबर, {name}! हमारे कारीगरों ने आपका ऑर्डर {orderNumber} बनाना शुरू कर दिया है। भेजते ही हम आपको बताएँगे।',
      button: 'अपना ऑर्डर देखें',
      sms: '{shop}: ऑर्डर {orderNumber} बनना शुरू हो गया। विवरण: {link}',
    },
    ar: {
      subject: 'نحن نصنع الطلب {orderNumber}',
      intro: 'أخبار سارة يا {name}! بدأ حرفيونا في صنع طلبك {orderNumber}. سنخبرك عند شحنه.',
      button: 'عرض طلبك',
      sms: '{shop}: بدأنا صنع الطلب {orderNumber}. التفاصيل: {link}',
    },
  },
  'order-shipped': {
    en: {
      subject: 'Order {orderNumber} has shipped',
      intro: 'Hello {name}, your order {orderNumber} is on its way with {carrier} (tracking number {trackingNumber}).',
      button: 'Track your parcel',
      sms: '{shop}: order {orderNumber} shipped with {carrier}, tracking {trackingNumber}: {link}',
    },
    hi: {
      subject: 'ऑर्डर {orderNumber} भेज दिया गया',
      intro: 'नमस्ते {name}, आपका ऑर्डर {orderNumber} {carrier} से रवाना हो गया है (ट्रैकिंग नंबर {trackingNumber})।',
      button: 'अपना पार्सल ट्रैक करें',
      sms: '{shop}: ऑर्डर {orderNumber} {carrier} से भेजा गया, ट्रैकिंग {trackingNumber}: {link}',
    },
    ar: {
      subject: 'تم شحن الطلب {orderNumber}',
      intro: 'مرحبًا {name}، طلبك {orderNumber} في الطريق مع {carrier} (رقم التتبع {trackingNumber}).',
      button: 'تتبع طردك',
      sms: '{shop}: شُحن الطلب {orderNumber} مع {carrier}، التتبع {trackingNumber}: {link}',
    },
  },
  'order-delivered': {
    en: {
      subject: 'Order {orderNumber} is delivered',
      intro: 'Hello {name}, your order {orderNumber} has been delivered. We hope you love it: a short review helps other shoppers and our artisans.',
      button: 'Write a review',
      sms: '{shop}: order {orderNumber} delivered. Tell us how you like it: {link}',
    },
    hi: {
      subject: 'ऑर्डर {orderNumber} पहुँच गया',
      intro: 'नमस्ते {name}, आपका ऑर्डर {orderNumber} पहुँच गया है। उम्मीद है आपको पसंद आएगा: एक छोटी समीक्षा दूसरे खरीदारों और हमारे कारीगरों की मदद करती है।',
      button: 'समीक्षा लिखें',
      sms: '{shop}: ऑर्डर {orderNumber} पहुँच गया। अपनी राय बताएँ: {link}',
    },
    ar: {
      subject: 'تم توصيل الطلب {orderNumber}',
      intro: 'مرحبًا {name}، تم توصيل طلبك {orderNumber}. نأمل أن ينال إعجابك: مراجعة قصيرة تساعد المتسوقين وحرفيينا.',
      button: 'اكتب مراجعة',
      sms: '{shop}: تم توصيل الطلب {orderNumber}. أخبرنا برأيك: {link}',
    },
  },
  'order-cancelled': {
    en: {
      subject: 'Order {orderNumber} is cancelled',
      intro: 'Hello {name}, your order {orderNumber} is cancelled. {reason}',
      button: 'See your order',
      sms: '{shop}: order {orderNumber} is cancelled. Details: {link}',
    },
    hi: {
      subject: 'ऑर्डर {orderNumber} रद्द हो गया',
      intro: 'नमस्ते {name}, आपका ऑर्डर {orderNumber} रद्द हो गया है। {reason}',
      button: 'अपना ऑर्डर देखें',
      sms: '{shop}: ऑर्डर {orderNumber} रद्द हो गया। विवरण: {link}',
    },
    ar: {
      subject: 'تم إلغاء الطلب {orderNumber}',
      intro: 'مرحبًا {name}، تم إلغاء طلبك {orderNumber}. {reason}',
      button: 'عرض طلبك',
      sms: '{shop}: تم إلغاء الطلب {orderNumber}. التفاصيل: {link}',
    },
  },
  'order-refunded': {
    en: {
      subject: 'Refund for order {orderNumber}',
      intro: 'Hello {name}, we have refunded {amount} for order {orderNumber}. Your bank usually shows it within 5 to 7 working days.',
      button: 'See your order',
      sms: '{shop}: {amount} refunded for order {orderNumber}. Details: {link}',
    },
    hi: {
      subject: 'ऑर्डर {orderNumber} का रिफ़ंड',
      intro: 'नमस्ते {name}, हमने ऑर्डर {orderNumber} के लिए {amount} लौटा दिए हैं। आपका बैंक आमतौर पर 5 से 7 कार्यदिवसों में इसे दिखाता है।',
      button: 'अपना ऑर्डर देखें',
      sms: '{shop}: ऑर्डर {orderNumber} के {amount} लौटाए गए। विवरण: {link}',
    },
    ar: {
      subject: 'استرداد مبلغ الطلب {orderNumber}',
      intro: 'مرحبًا {name}، رددنا {amount} للطلب {orderNumber}. يظهر المبلغ عادةً في حسابك خلال 5 إلى 7 أيام عمل.',
      button: 'عرض طلبك',
      sms: '{shop}: رددنا {amount} للطلب {orderNumber}. التفاصيل: {link}',
    },
  },
  // Issue 24: "Notify me" on a product that was out of stock; one message, then the request ends.
  'back-in-stock': {
    en: {
      subject: '{product} is back in stock',
      intro: 'Good news: {product} is back in stock at {shop}. Handmade pieces go quickly, so order soon if you still want it.',
      button: 'See the product',
      sms: '{shop}: {product} is back in stock. Order: {link}',
    },
    hi: {
      subject: '{product} फिर से स्टॉक में है',
      intro: 'खुशखबरी: {product} {shop} पर फिर से स्टॉक में है। हाथ से बनी चीज़ें जल्दी बिकती हैं, इसलिए चाहिए तो जल्दी ऑर्डर करें।',
      button: 'उत्पाद देखें',
      sms: '{shop}: {product} फिर से स्टॉक में है। ऑर्डर करें: {link}',
    },
    ar: {
      subject: '{product} متوفر من جديد',
      intro: 'خبر سار: {product} متوفر من جديد في {shop}. القطع المصنوعة يدويًا تنفد بسرعة، فاطلبه قريبًا إن كنت ما زلت تريده.',
      button: 'عرض المنتج',
      sms: '{shop}: {product} متوفر من جديد. اطلبه: {link}',
    },
  },
  newsletter: {
    en: {
      subject: 'New from {shop}',
      intro: 'Hello {name}, our artisans have made new gifts this month. Have a look before they are gone.',
      button: 'See what is new',
    },
    hi: {
      subject: '{shop} में नया',
      intro: 'नमस्ते {name}, हमारे कारीगरों ने इस महीने नए उपहार बनाए हैं। खत्म होने से पहले एक नज़र डालें।',
      button: 'नया देखें',
    },
    ar: {
      subject: 'جديد من {shop}',
      intro: 'مرحبًا {name}، صنع حرفيونا هدايا جديدة هذا الشهر. ألقِ نظرة قبل نفادها.',
      button: 'شاهد الجديد',
    },
  },
};

/** The fixed words around a message (not editable): the summary's labels and the footer. */
export const frameTexts: Record<MessageLanguage, { order: string; total: string; footer: string; unsubscribe: string; why: string; asked: string }> = {
  en: {
    order: 'Order',
    total: 'Total',
    footer: 'You get this message because you ordered from {shop}. Questions? Write to {contact}.',
    unsubscribe: 'Unsubscribe from these e-mails',
    why: 'You get this e-mail because you chose to hear about offers from {shop}.',
    asked: 'You get this message because you asked {shop} to tell you when this product is back. We will not write again about it.',
  },
  hi: {
    order: 'ऑर्डर',
    total: 'कुल',
    footer: 'आपको यह संदेश इसलिए मिला क्योंकि आपने {shop} से ऑर्डर किया। कोई सवाल? {contact} पर लिखें।',
    unsubscribe: 'ये ई-मेल बंद करें',
    why: 'आपको यह ई-मेल इसलिए मिला क्योंकि आपने {shop} के ऑफ़र के बारे में सुनना चुना।',
    asked: 'आपको यह संदेश इसलिए मिला क्योंकि आपने {shop} से कहा था कि यह उत्पाद वापस आने पर बताएँ। इसके बारे में हम दोबारा नहीं लिखेंगे।',
  },
  ar: {
    order: 'الطلب',
    total: 'الإجمالي',
    footer: 'وصلتك هذه الرسالة لأنك طلبت من {shop}. لديك سؤال؟ راسلنا على {contact}.',
    unsubscribe: 'إلغاء الاشتراك في هذه الرسائل',
    why: 'وصلتك هذه الرسالة لأنك اخترت أن تعرف عروض {shop}.',
    asked: 'وصلتك هذه الرسالة لأنك طلبت من {shop} إخبارك عند توفر هذا المنتج. لن نراسلك بشأنه مرة أخرى.',
  },
};

/** "1 item" / "3 items" in each language. */
export function itemsLabel(language: MessageLanguage, count: number): string {
  if (language === 'hi') return `${count} ${count === 1 ? 'सामान' : 'सामान'}`;
  if (language === 'ar') return count === 1 ? 'منتج واحد' : `${count} منتجات`;
  return `${count} item${count === 1 ? '' : 's'}`;
}
