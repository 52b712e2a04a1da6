var Y=globalThis,X=Y.ShadowRoot&&(Y.ShadyCSS===void 0||Y.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,nt=Symbol(),Dt=new WeakMap,O=class{constructor(t,e,i){if(this._$cssResult$=!0,i!==nt)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=t,this.t=e}get styleSheet(){let t=this.o,e=this.t;if(X&&t===void 0){let i=e!==void 0&&e.length===1;i&&(t=Dt.get(e)),t===void 0&&((this.o=t=new CSSStyleSheet).replaceSync(this.cssText),i&&Dt.set(e,t))}return t}toString(){return this.cssText}},Rt=s=>new O(typeof s=="string"?s:s+"",void 0,nt),m=(s,...t)=>{let e=s.length===1?s[0]:t.reduce((i,r,n)=>i+(o=>{if(o._$cssResult$===!0)return o.cssText;if(typeof o=="number")return o;throw Error("Value passed to 'css' function must be a 'css' function result: "+o+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(r)+s[n+1],s[0]);return new O(e,s,nt)},Ht=(s,t)=>{if(X)s.adoptedStyleSheets=t.map(e=>e instanceof CSSStyleSheet?e:e.styleSheet);else for(let e of t){let i=document.createElement("style"),r=Y.litNonce;r!==void 0&&i.setAttribute("nonce",r),i.textContent=e.cssText,s.appendChild(i)}},ot=X?s=>s:s=>s instanceof CSSStyleSheet?(t=>{let e="";for(let i of t.cssRules)e+=i.cssText;return Rt(e)})(s):s;var{is:Te,defineProperty:Ne,getOwnPropertyDescriptor:Ue,getOwnPropertyNames:Le,getOwnPropertySymbols:Me,getPrototypeOf:De}=Object,Q=globalThis,It=Q.trustedTypes,Re=It?It.emptyScript:"",He=Q.reactiveElementPolyfillSupport,j=(s,t)=>s,at={toAttribute(s,t){switch(t){case Boolean:s=s?Re:null;break;case Object:case Array:s=s==null?s:JSON.stringify(s)}return s},fromAttribute(s,t){let e=s;switch(t){case Boolean:e=s!==null;break;case Number:e=s===null?null:Number(s);break;case Object:case Array:try{e=JSON.parse(s)}catch{e=null}}return e}},jt=(s,t)=>!Te(s,t),Ot={attribute:!0,type:String,converter:at,reflect:!1,useDefault:!1,hasChanged:jt};Symbol.metadata??=Symbol("metadata"),Q.litPropertyMetadata??=new WeakMap;var x=class extends HTMLElement{static addInitializer(t){this._$Ei(),(this.l??=[]).push(t)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(t,e=Ot){if(e.state&&(e.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(t)&&((e=Object.create(e)).wrapped=!0),this.elementProperties.set(t,e),!e.noAccessor){let i=Symbol(),r=this.getPropertyDescriptor(t,i,e);r!==void 0&&Ne(this.prototype,t,r)}}static getPropertyDescriptor(t,e,i){let{get:r,set:n}=Ue(this.prototype,t)??{get(){return this[e]},set(o){this[e]=o}};return{get:r,set(o){let d=r?.call(this);n?.call(this,o),this.requestUpdate(t,d,i)},configurable:!0,enumerable:!0}}static getPropertyOptions(t){return this.elementProperties.get(t)??Ot}static _$Ei(){if(this.hasOwnProperty(j("elementProperties")))return;let t=De(this);t.finalize(),t.l!==void 0&&(this.l=[...t.l]),this.elementProperties=new Map(t.elementProperties)}static finalize(){if(this.hasOwnProperty(j("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(j("properties"))){let e=this.properties,i=[...Le(e),...Me(e)];for(let r of i)this.createProperty(r,e[r])}let t=this[Symbol.metadata];if(t!==null){let e=litPropertyMetadata.get(t);if(e!==void 0)for(let[i,r]of e)this.elementProperties.set(i,r)}this._$Eh=new Map;for(let[e,i]of this.elementProperties){let r=this._$Eu(e,i);r!==void 0&&this._$Eh.set(r,e)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(t){let e=[];if(Array.isArray(t)){let i=new Set(t.flat(1/0).reverse());for(let r of i)e.unshift(ot(r))}else t!==void 0&&e.push(ot(t));return e}static _$Eu(t,e){let i=e.attribute;return i===!1?void 0:typeof i=="string"?i:typeof t=="string"?t.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(t=>this.enableUpdating=t),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(t=>t(this))}addController(t){(this._$EO??=new Set).add(t),this.renderRoot!==void 0&&this.isConnected&&t.hostConnected?.()}removeController(t){this._$EO?.delete(t)}_$E_(){let t=new Map,e=this.constructor.elementProperties;for(let i of e.keys())this.hasOwnProperty(i)&&(t.set(i,this[i]),delete this[i]);t.size>0&&(this._$Ep=t)}createRenderRoot(){let t=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return Ht(t,this.constructor.elementStyles),t}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(t=>t.hostConnected?.())}enableUpdating(t){}disconnectedCallback(){this._$EO?.forEach(t=>t.hostDisconnected?.())}attributeChangedCallback(t,e,i){this._$AK(t,i)}_$ET(t,e){let i=this.constructor.elementProperties.get(t),r=this.constructor._$Eu(t,i);if(r!==void 0&&i.reflect===!0){let n=(i.converter?.toAttribute!==void 0?i.converter:at).toAttribute(e,i.type);this._$Em=t,n==null?this.removeAttribute(r):this.setAttribute(r,n),this._$Em=null}}_$AK(t,e){let i=this.constructor,r=i._$Eh.get(t);if(r!==void 0&&this._$Em!==r){let n=i.getPropertyOptions(r),o=typeof n.converter=="function"?{fromAttribute:n.converter}:n.converter?.fromAttribute!==void 0?n.converter:at;this._$Em=r;let d=o.fromAttribute(e,n.type);this[r]=d??this._$Ej?.get(r)??d,this._$Em=null}}requestUpdate(t,e,i,r=!1,n){if(t!==void 0){let o=this.constructor;if(r===!1&&(n=this[t]),i??=o.getPropertyOptions(t),!((i.hasChanged??jt)(n,e)||i.useDefault&&i.reflect&&n===this._$Ej?.get(t)&&!this.hasAttribute(o._$Eu(t,i))))return;this.C(t,e,i)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(t,e,{useDefault:i,reflect:r,wrapped:n},o){i&&!(this._$Ej??=new Map).has(t)&&(this._$Ej.set(t,o??e??this[t]),n!==!0||o!==void 0)||(this._$AL.has(t)||(this.hasUpdated||i||(e=void 0),this._$AL.set(t,e)),r===!0&&this._$Em!==t&&(this._$Eq??=new Set).add(t))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(e){Promise.reject(e)}let t=this.scheduleUpdate();return t!=null&&await t,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[r,n]of this._$Ep)this[r]=n;this._$Ep=void 0}let i=this.constructor.elementProperties;if(i.size>0)for(let[r,n]of i){let{wrapped:o}=n,d=this[r];o!==!0||this._$AL.has(r)||d===void 0||this.C(r,void 0,n,d)}}let t=!1,e=this._$AL;try{t=this.shouldUpdate(e),t?(this.willUpdate(e),this._$EO?.forEach(i=>i.hostUpdate?.()),this.update(e)):this._$EM()}catch(i){throw t=!1,this._$EM(),i}t&&this._$AE(e)}willUpdate(t){}_$AE(t){this._$EO?.forEach(e=>e.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(t)),this.updated(t)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(t){return!0}update(t){this._$Eq&&=this._$Eq.forEach(e=>this._$ET(e,this[e])),this._$EM()}updated(t){}firstUpdated(t){}};x.elementStyles=[],x.shadowRootOptions={mode:"open"},x[j("elementProperties")]=new Map,x[j("finalized")]=new Map,He?.({ReactiveElement:x}),(Q.reactiveElementVersions??=[]).push("2.1.2");var ut=globalThis,zt=s=>s,tt=ut.trustedTypes,Ft=tt?tt.createPolicy("lit-html",{createHTML:s=>s}):void 0,Kt="$lit$",k=`lit$${Math.random().toFixed(9).slice(2)}$`,Gt="?"+k,Ie=`<${Gt}>`,C=document,F=()=>C.createComment(""),B=s=>s===null||typeof s!="object"&&typeof s!="function",ft=Array.isArray,Oe=s=>ft(s)||typeof s?.[Symbol.iterator]=="function",lt=`[ 	
\f\r]`,z=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,Bt=/-->/g,qt=/>/g,A=RegExp(`>|${lt}(?:([^\\s"'>=/]+)(${lt}*=${lt}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),Wt=/'/g,Vt=/"/g,Jt=/^(?:script|style|textarea|title)$/i,_t=s=>(t,...e)=>({_$litType$:s,strings:t,values:e}),a=_t(1),si=_t(2),ri=_t(3),P=Symbol.for("lit-noChange"),l=Symbol.for("lit-nothing"),Zt=new WeakMap,S=C.createTreeWalker(C,129);function Yt(s,t){if(!ft(s)||!s.hasOwnProperty("raw"))throw Error("invalid template strings array");return Ft!==void 0?Ft.createHTML(t):t}var je=(s,t)=>{let e=s.length-1,i=[],r,n=t===2?"<svg>":t===3?"<math>":"",o=z;for(let d=0;d<e;d++){let c=s[d],h,u,p=-1,f=0;for(;f<c.length&&(o.lastIndex=f,u=o.exec(c),u!==null);)f=o.lastIndex,o===z?u[1]==="!--"?o=Bt:u[1]!==void 0?o=qt:u[2]!==void 0?(Jt.test(u[2])&&(r=RegExp("</"+u[2],"g")),o=A):u[3]!==void 0&&(o=A):o===A?u[0]===">"?(o=r??z,p=-1):u[1]===void 0?p=-2:(p=o.lastIndex-u[2].length,h=u[1],o=u[3]===void 0?A:u[3]==='"'?Vt:Wt):o===Vt||o===Wt?o=A:o===Bt||o===qt?o=z:(o=A,r=void 0);let E=o===A&&s[d+1].startsWith("/>")?" ":"";n+=o===z?c+Ie:p>=0?(i.push(h),c.slice(0,p)+Kt+c.slice(p)+k+E):c+k+(p===-2?d:E)}return[Yt(s,n+(s[e]||"<?>")+(t===2?"</svg>":t===3?"</math>":"")),i]},q=class s{constructor({strings:t,_$litType$:e},i){let r;this.parts=[];let n=0,o=0,d=t.length-1,c=this.parts,[h,u]=je(t,e);if(this.el=s.createElement(h,i),S.currentNode=this.el.content,e===2||e===3){let p=this.el.content.firstChild;p.replaceWith(...p.childNodes)}for(;(r=S.nextNode())!==null&&c.length<d;){if(r.nodeType===1){if(r.hasAttributes())for(let p of r.getAttributeNames())if(p.endsWith(Kt)){let f=u[o++],E=r.getAttribute(p).split(k),J=/([.?@])?(.*)/.exec(f);c.push({type:1,index:n,name:J[2],strings:E,ctor:J[1]==="."?dt:J[1]==="?"?ht:J[1]==="@"?pt:N}),r.removeAttribute(p)}else p.startsWith(k)&&(c.push({type:6,index:n}),r.removeAttribute(p));if(Jt.test(r.tagName)){let p=r.textContent.split(k),f=p.length-1;if(f>0){r.textContent=tt?tt.emptyScript:"";for(let E=0;E<f;E++)r.append(p[E],F()),S.nextNode(),c.push({type:2,index:++n});r.append(p[f],F())}}}else if(r.nodeType===8)if(r.data===Gt)c.push({type:2,index:n});else{let p=-1;for(;(p=r.data.indexOf(k,p+1))!==-1;)c.push({type:7,index:n}),p+=k.length-1}n++}}static createElement(t,e){let i=C.createElement("template");return i.innerHTML=t,i}};function T(s,t,e=s,i){if(t===P)return t;let r=i!==void 0?e._$Co?.[i]:e._$Cl,n=B(t)?void 0:t._$litDirective$;return r?.constructor!==n&&(r?._$AO?.(!1),n===void 0?r=void 0:(r=new n(s),r._$AT(s,e,i)),i!==void 0?(e._$Co??=[])[i]=r:e._$Cl=r),r!==void 0&&(t=T(s,r._$AS(s,t.values),r,i)),t}var ct=class{constructor(t,e){this._$AV=[],this._$AN=void 0,this._$AD=t,this._$AM=e}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(t){let{el:{content:e},parts:i}=this._$AD,r=(t?.creationScope??C).importNode(e,!0);S.currentNode=r;let n=S.nextNode(),o=0,d=0,c=i[0];for(;c!==void 0;){if(o===c.index){let h;c.type===2?h=new W(n,n.nextSibling,this,t):c.type===1?h=new c.ctor(n,c.name,c.strings,this,t):c.type===6&&(h=new mt(n,this,t)),this._$AV.push(h),c=i[++d]}o!==c?.index&&(n=S.nextNode(),o++)}return S.currentNode=C,r}p(t){let e=0;for(let i of this._$AV)i!==void 0&&(i.strings!==void 0?(i._$AI(t,i,e),e+=i.strings.length-2):i._$AI(t[e])),e++}},W=class s{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(t,e,i,r){this.type=2,this._$AH=l,this._$AN=void 0,this._$AA=t,this._$AB=e,this._$AM=i,this.options=r,this._$Cv=r?.isConnected??!0}get parentNode(){let t=this._$AA.parentNode,e=this._$AM;return e!==void 0&&t?.nodeType===11&&(t=e.parentNode),t}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(t,e=this){t=T(this,t,e),B(t)?t===l||t==null||t===""?(this._$AH!==l&&this._$AR(),this._$AH=l):t!==this._$AH&&t!==P&&this._(t):t._$litType$!==void 0?this.$(t):t.nodeType!==void 0?this.T(t):Oe(t)?this.k(t):this._(t)}O(t){return this._$AA.parentNode.insertBefore(t,this._$AB)}T(t){this._$AH!==t&&(this._$AR(),this._$AH=this.O(t))}_(t){this._$AH!==l&&B(this._$AH)?this._$AA.nextSibling.data=t:this.T(C.createTextNode(t)),this._$AH=t}$(t){let{values:e,_$litType$:i}=t,r=typeof i=="number"?this._$AC(t):(i.el===void 0&&(i.el=q.createElement(Yt(i.h,i.h[0]),this.options)),i);if(this._$AH?._$AD===r)this._$AH.p(e);else{let n=new ct(r,this),o=n.u(this.options);n.p(e),this.T(o),this._$AH=n}}_$AC(t){let e=Zt.get(t.strings);return e===void 0&&Zt.set(t.strings,e=new q(t)),e}k(t){ft(this._$AH)||(this._$AH=[],this._$AR());let e=this._$AH,i,r=0;for(let n of t)r===e.length?e.push(i=new s(this.O(F()),this.O(F()),this,this.options)):i=e[r],i._$AI(n),r++;r<e.length&&(this._$AR(i&&i._$AB.nextSibling,r),e.length=r)}_$AR(t=this._$AA.nextSibling,e){for(this._$AP?.(!1,!0,e);t!==this._$AB;){let i=zt(t).nextSibling;zt(t).remove(),t=i}}setConnected(t){this._$AM===void 0&&(this._$Cv=t,this._$AP?.(t))}},N=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(t,e,i,r,n){this.type=1,this._$AH=l,this._$AN=void 0,this.element=t,this.name=e,this._$AM=r,this.options=n,i.length>2||i[0]!==""||i[1]!==""?(this._$AH=Array(i.length-1).fill(new String),this.strings=i):this._$AH=l}_$AI(t,e=this,i,r){let n=this.strings,o=!1;if(n===void 0)t=T(this,t,e,0),o=!B(t)||t!==this._$AH&&t!==P,o&&(this._$AH=t);else{let d=t,c,h;for(t=n[0],c=0;c<n.length-1;c++)h=T(this,d[i+c],e,c),h===P&&(h=this._$AH[c]),o||=!B(h)||h!==this._$AH[c],h===l?t=l:t!==l&&(t+=(h??"")+n[c+1]),this._$AH[c]=h}o&&!r&&this.j(t)}j(t){t===l?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,t??"")}},dt=class extends N{constructor(){super(...arguments),this.type=3}j(t){this.element[this.name]=t===l?void 0:t}},ht=class extends N{constructor(){super(...arguments),this.type=4}j(t){this.element.toggleAttribute(this.name,!!t&&t!==l)}},pt=class extends N{constructor(t,e,i,r,n){super(t,e,i,r,n),this.type=5}_$AI(t,e=this){if((t=T(this,t,e,0)??l)===P)return;let i=this._$AH,r=t===l&&i!==l||t.capture!==i.capture||t.once!==i.once||t.passive!==i.passive,n=t!==l&&(i===l||r);r&&this.element.removeEventListener(this.name,this,i),n&&this.element.addEventListener(this.name,this,t),this._$AH=t}handleEvent(t){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,t):this._$AH.handleEvent(t)}},mt=class{constructor(t,e,i){this.element=t,this.type=6,this._$AN=void 0,this._$AM=e,this.options=i}get _$AU(){return this._$AM._$AU}_$AI(t){T(this,t)}};var ze=ut.litHtmlPolyfillSupport;ze?.(q,W),(ut.litHtmlVersions??=[]).push("3.3.3");var Xt=(s,t,e)=>{let i=e?.renderBefore??t,r=i._$litPart$;if(r===void 0){let n=e?.renderBefore??null;i._$litPart$=r=new W(t.insertBefore(F(),n),n,void 0,e??{})}return r._$AI(s),r};var gt=globalThis,_=class extends x{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let t=super.createRenderRoot();return this.renderOptions.renderBefore??=t.firstChild,t}update(t){let e=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(t),this._$Do=Xt(e,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return P}};_._$litElement$=!0,_.finalized=!0,gt.litElementHydrateSupport?.({LitElement:_});var Fe=gt.litElementPolyfillSupport;Fe?.({LitElement:_});(gt.litElementVersions??=[]).push("4.2.2");var y=(s,t,e={})=>s.connection.sendMessagePromise({type:`home_memory/${t}`,...e}),yt=s=>y(s,"info");function Qt(s){let t={};for(let e of["kinds","weight_classes","people","tags","origins"])s[e]&&s[e].length&&(t[e]=s[e]);return s.visibility&&(t.visibility=s.visibility),s.tier&&s.tier!=="active"&&(t.tier=s.tier),s.created_after&&(t.created_after=s.created_after),s.created_before&&(t.created_before=s.created_before),t}var V=50,te=20,U=(s,t,e,i=V)=>y(s,"list",{limit:i,...Qt(t),...e?{cursor:e}:{}}),ee=(s,t,e,i=0,r=20)=>y(s,"search",{query:t,limit:r,...Qt(e),...i?{offset:i}:{}}),bt=(s,t)=>y(s,"get",{memory_id:t}),ie=(s,t,e,i)=>y(s,"update",{memory_id:t,expected_version:e,...i}),se=(s,t,e,i)=>y(s,"revert",{memory_id:t,version:e,expected_version:i}),re=(s,t,e)=>y(s,"forget",{memory_ids:[t],...e?{expected_versions:{[t]:e}}:{}}),ne=(s,t)=>y(s,"restore",{memory_ids:[t]}),oe=(s,t,e)=>y(s,"purge",{memory_ids:[t],...e?{tier:e}:{}}),ae=s=>y(s,"proposals"),$t=(s,t,e)=>y(s,"proposals/answer",{confirm:t,reject:e}),le=(s,t,e)=>y(s,"proposals/edit",{proposal_id:t,...e}),ce=(s,t=50)=>y(s,"pending",{limit:t}),de=(s,t)=>s.connection.subscribeMessage(t,{type:"home_memory/subscribe"});function v(s,t){if(!s)return"";if(s.translation_key==="memory_changed")return t("error.changed_meanwhile");if(s.translation_key){let e=`component.home_memory.exceptions.${s.translation_key}.message`,i=t(e,s.translation_placeholders||{});if(i!==e)return i}return s.code==="unknown_command"||s.translation_key==="not_loaded"?t("error.not_loaded"):s.message?s.message:s.code===3||s.code==="connection_lost"?t("error.connection"):t("error.unknown")}var he=(s,t,e=50)=>y(s,"audit_log",{memory_id:t,limit:e});async function pe(s){let t=[],e;do{let i=await y(s,"export",{limit:2e3,...e?{cursor:e}:{}});t.push(...i.lines),e=i.next_cursor}while(e);return t}var Be="component.home_memory.config_panel.";async function me(s){let t=r=>s.connection.sendMessagePromise({type:"frontend/get_translations",language:s.language||"en",category:r,integration:["home_memory"]}),[e,i]=await Promise.all([t("config_panel"),t("exceptions").catch(()=>({resources:{}}))]);return{...i.resources,...e.resources}}function vt(s,t="en"){let e;try{e=new Intl.PluralRules(t)}catch{e=new Intl.PluralRules("en")}let i=(r,n)=>{let o=r.startsWith("component.")?r:Be+r,d=s[o];if(d===void 0&&typeof n?.count=="number"){let c=n.count,h=c===0&&`${o}.none`in s?"none":e.select(c);d=s[`${o}.${h}`]??s[`${o}.other`],n={...n,count:c.toLocaleString(e.resolvedOptions().locale)}}return d===void 0?r:n?qe(d,n):d};return i.label=(r,n)=>{let o=`${r}.${n}`,d=i(o);return d===o?String(n):d},i}function qe(s,t){return s.replace(/\{(\w+)\}/g,(e,i)=>i in t?String(t[i]):e)}var g=m`
  :host {
    color: var(--primary-text-color, #212121);
    font-family: var(--ha-font-family-body, Roboto, Noto, sans-serif);
    font-size: var(--ha-font-size-m, 14px);
  }
  * {
    box-sizing: border-box;
  }
  a {
    color: var(--primary-color, #03a9f4);
  }
  button,
  .button {
    font: inherit;
    min-height: 40px;
    padding: 0 16px;
    border-radius: 20px;
    border: 1px solid var(--divider-color, #e0e0e0);
    background: var(--card-background-color, #fff);
    color: var(--primary-color, #03a9f4);
    cursor: pointer;
    font-weight: 500;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 6px;
    text-decoration: none;
  }
  button.primary {
    background: var(--primary-color, #03a9f4);
    border-color: var(--primary-color, #03a9f4);
    color: var(--text-primary-color, #fff);
  }
  button.danger {
    color: var(--error-color, #db4437);
    border-color: var(--error-color, #db4437);
  }
  button.danger.primary {
    background: var(--error-color, #db4437);
    color: var(--text-primary-color, #fff);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  button:focus-visible,
  a:focus-visible,
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible,
  summary:focus-visible,
  [tabindex]:focus-visible {
    outline: 2px solid var(--primary-color, #03a9f4);
    outline-offset: 2px;
  }
  input,
  select,
  textarea {
    font: inherit;
    color: var(--primary-text-color, #212121);
    background: var(--input-fill-color, var(--secondary-background-color, #f5f5f5));
    border: 1px solid var(--input-idle-line-color, var(--divider-color, #ccc));
    border-radius: 8px;
    padding: 8px 10px;
    min-height: 40px;
    max-width: 100%;
  }
  textarea {
    width: 100%;
    resize: vertical;
  }
  label {
    display: flex;
    flex-direction: column;
    gap: 4px;
    color: var(--secondary-text-color, #727272);
    font-size: 0.9em;
  }
  .card {
    background: var(--card-background-color, #fff);
    border-radius: var(--ha-card-border-radius, 12px);
    border: var(--ha-card-border-width, 1px) solid
      var(--ha-card-border-color, var(--divider-color, #e0e0e0));
    box-shadow: var(--ha-card-box-shadow, none);
    padding: 16px;
  }
  .chip {
    display: inline-block;
    padding: 2px 10px;
    border-radius: 12px;
    font-size: 0.85em;
    background: var(--secondary-background-color, #eee);
    color: var(--primary-text-color, #212121);
    border: 1px solid var(--divider-color, #e0e0e0);
    white-space: nowrap;
  }
  .secondary {
    color: var(--secondary-text-color, #727272);
  }
  .notice {
    padding: 12px 16px;
    border-radius: 8px;
    border-left: 4px solid var(--info-color, #039be5);
    background: var(--secondary-background-color, #f5f5f5);
  }
  .notice.error {
    border-left-color: var(--error-color, #db4437);
  }
  .empty {
    text-align: center;
    padding: 32px 16px;
    color: var(--secondary-text-color, #727272);
  }
  .empty strong {
    display: block;
    color: var(--primary-text-color, #212121);
    font-size: 1.1em;
    margin-bottom: 8px;
  }
  .row {
    display: flex;
    gap: 8px;
    flex-wrap: wrap;
    align-items: center;
  }
  .bar {
    display: inline-block;
    height: 6px;
    border-radius: 3px;
    background: var(--divider-color, #e0e0e0);
    overflow: hidden;
    vertical-align: middle;
  }
  .bar > span {
    display: block;
    height: 100%;
    background: var(--primary-color, #03a9f4);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;function ue(s,t=!1){t?history.replaceState(null,"",s):history.pushState(null,"",s),window.dispatchEvent(new CustomEvent("location-changed",{detail:{replace:t}}))}var b=class extends _{static properties={t:{attribute:!1},info:{attribute:!1},live:{attribute:!1},prefix:{},_loading:{state:!0},_error:{state:!0}};constructor(){super(),this.t=void 0,this.info=void 0,this.live=void 0,this.hass=void 0,this._loading=!0,this._error=void 0,this._loads=0,this._settled=!1}updated(t){t.has("live")&&this.live&&this.onLive(this.live)}onLive(t){}get canWrite(){return!!(this.info?.user?.can_write??!this.hass?.user?.is_read_only)}get isAdmin(){return!!(this.info?.user?.is_admin??this.hass?.user?.is_admin)}async track(t,e,{keepError:i=!1}={}){let r=++this._loads;this._loading=!0,i||(this._error=void 0);try{let n=await t();return r===this._loads&&e(n),{current:r===this._loads,failed:!1}}catch(n){return r===this._loads&&(this._error=n),{current:r===this._loads,failed:!0}}finally{r===this._loads&&(this._loading=!1,this._settled=!0)}}get firstLoading(){return this._loading&&!this._settled}renderLoading(){return this.firstLoading?a`<p class="secondary" role="status">${this.t?.("list.loading")}</p>`:l}renderError(t){let e=this.t;return!this._error||!e?l:a`<div class="notice error" role="alert">
      ${v(this._error,e)}
      <div><button @click=${()=>t()}>${e("action.retry")}</button></div>
    </div>`}};var fe=m`
  ul.memories {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
  li.memory {
    display: flex;
    gap: 12px;
    align-items: flex-start;
    background: var(--card-background-color, #fff);
    border: 1px solid var(--divider-color, #e0e0e0);
    border-radius: var(--ha-card-border-radius, 12px);
    padding: 12px 16px;
  }
  .memory-main {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
    gap: 6px;
  }
  /* At most three lines of a long memory; the whole text is on its page. */
  a.memory-link {
    color: var(--primary-text-color, #212121);
    text-decoration: none;
    font-size: 1.05em;
    overflow-wrap: anywhere;
    white-space: pre-line;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    line-clamp: 3;
    overflow: hidden;
  }
  a.memory-link:hover {
    text-decoration: underline;
  }
  .summary {
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
    overflow: hidden;
  }
  .meta {
    font-size: 0.9em;
    gap: 6px;
  }
  .chip.private {
    border-color: var(--warning-color, #ffa600);
  }
  .chip.tier {
    border-color: var(--error-color, #db4437);
  }
  .relevance {
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    gap: 2px;
    min-width: 72px;
    font-size: 0.85em;
  }
  .relevance .bar {
    width: 72px;
  }
  @media (max-width: 600px) {
    li.memory {
      flex-direction: column;
      padding: 12px;
    }
    .relevance {
      flex-direction: row;
      align-items: center;
      gap: 6px;
    }
  }
`;function Z(s){return s&&(s.locale?.language||s.language)||"en"}function xt(s){return s?.locale?.time_zone==="local"?void 0:s?.config?.time_zone}function _e(s){let t=Date.now(),e=new Intl.DateTimeFormat("en",{timeZone:s,timeZoneName:"longOffset"});return[t,t+182*864e5].map(i=>e.formatToParts(i).find(r=>r.type==="timeZoneName")?.value).join()}function We(s){let t=s?.config?.time_zone;if(!t||xt(s))return!1;let e=ge.get(t);if(e===void 0){try{e=_e(void 0)!==_e(t)}catch{e=!1}ge.set(t,e)}return e}var ge=new Map,ye=new Map;function M(s,t){let e=`${s}|${JSON.stringify(t)}`,i=ye.get(e);return i||(i=new Intl.DateTimeFormat(s,t),ye.set(e,i)),i}function wt(s,{date:t=!1,seconds:e=!1}){return M(Z(s),{...t?{dateStyle:"medium"}:{},timeStyle:e?"medium":"short",timeZone:xt(s)})}function et(s,t,e){if(!We(s))return e;let i=M(Z(s),{timeZoneName:"short",timeZone:xt(s)}).formatToParts(t).find(r=>r.type==="timeZoneName")?.value;return i?`${e} ${i}`:e}function $(s,t){if(!t)return"";let e=new Date(t);return Number.isNaN(e.getTime())?String(t):et(s,e,wt(s,{date:!0}).format(e))}function D(s,t,e=!1){if(!t)return"";let i=new Date(t);return Number.isNaN(i.getTime())?String(t):et(s,i,wt(s,{seconds:e}).format(i))}function Et(s,t,e,i=!1){let r=new Date(t),n=new Date(e||t);if(Number.isNaN(r.getTime()))return String(t??"");let o=wt(s,{date:i});return Number.isNaN(n.getTime())||n<r?et(s,r,o.format(r)):et(s,r,o.formatRange(r,n))}function be(s,t){let e=M("en-US",{year:"numeric",month:"numeric",day:"numeric",hour:"numeric",minute:"numeric",second:"numeric",hourCycle:"h23",timeZone:s?.config?.time_zone}).formatToParts(t),i=r=>Number(e.find(n=>n.type===r)?.value);return{year:i("year"),month:i("month"),day:i("day"),hour:i("hour")%24,minute:i("minute"),second:i("second")}}function Ve(s,t,e){if(Number.isNaN(t.getTime())||Number.isNaN(e.getTime()))return null;let i=be(s,t),r=be(s,e);if([i,r].some(c=>c.hour||c.minute||c.second))return null;let n=Date.UTC(i.year,i.month-1,i.day,12),o=Date.UTC(r.year,r.month-1,r.day,12);if(o<=n)return null;let d=Date.UTC(i.year,i.month,1,12);return{first:new Date(n),last:new Date(o-864e5),month:i.day===1&&o===d}}function Ze(s,{first:t,last:e,month:i}){let r=Z(s);return i?M(r,{month:"long",year:"numeric",timeZone:"UTC"}).format(t):t.getTime()===e.getTime()?M(r,{weekday:"short",day:"numeric",month:"short",year:"numeric",timeZone:"UTC"}).format(t):M(r,{day:"numeric",month:"short",year:"numeric",timeZone:"UTC"}).formatRange(t,e)}function R(s,t){let e=t?.happened_at||t?.segment_start;if(!e)return"";let i=t.happened_at?t.happened_until:t.segment_end,r=i?Ve(s,new Date(e),new Date(i)):null;return r?Ze(s,r):Et(s,e,i,!0)}function w(s,t){return t==null||Number.isNaN(Number(t))?"":new Intl.NumberFormat(Z(s),{style:"percent",maximumFractionDigits:0}).format(Number(t))}function K(s,t,e=2){return t==null?"":new Intl.NumberFormat(Z(s),{maximumFractionDigits:e}).format(Number(t))}function $e(s){return new Intl.DateTimeFormat("en-CA",{year:"numeric",month:"2-digit",day:"2-digit",timeZone:s?.config?.time_zone}).format(new Date)}function H(s,t,e){if(e==null||e==="")return"—";if(typeof s?.formatEntityState!="function")return String(e);let r=s.states?.[t.entity_id]||{entity_id:t.entity_id,state:e,attributes:t.device_class?{device_class:t.device_class}:{}};try{return s.formatEntityState(r,e)||String(e)}catch{return String(e)}}var I=["fact","preference","decision","event","person","project","meeting","journal","routine","observation"],it=["significant","preference","routine","observation","transient"],ve=["voice","action","observed","extracted","imported"],kt=s=>a`<span class="bar" aria-hidden="true"
    ><span style=${`width:${Math.round(Math.max(0,Math.min(1,s))*100)}%`}></span
  ></span>`;function At(s,t){if(!s)return!1;let e=s.replace(/(\.\.\.|…|\.)\s*$/,"").trim();return!String(t||"").startsWith(e)}function st(s,t,{rows:e=3,contentId:i}={}){return a`<label>
      ${s("field.content")}
      <textarea id=${i??l} name="content" rows=${e} maxlength="8000" required .value=${t.content||t.summary||""}></textarea>
    </label>
    <label>
      ${s("field.summary")}
      <input name="summary" maxlength="500" .value=${t.summary||""} />
    </label>`}function rt(s,t,e){return a`<label>
    ${s("field.kind")}
    <select name="kind">
      ${t.map(i=>a`<option value=${i} ?selected=${i===e}>${s.label("kind",i)}</option>`)}
    </select>
  </label>`}var G=(s,t)=>`${s}/m/${encodeURIComponent(t)}`;function xe(s,{t,hass:e,prefix:i,scored:r=!1}){let n=r&&typeof s.relevance=="number"?s.relevance:null;return a`<li class="memory">
    <div class="memory-main">
      <a class="memory-link" href=${G(i,s.id)}>${s.content}</a>
      ${At(s.summary,s.content)?a`<div class="secondary summary">${s.summary}</div>`:l}
      <div class="meta row">
        <span class="chip">${t.label("kind",s.kind)}</span>
        ${s.origin&&!(s.origin==="observed"&&s.kind==="observation")?a`<span class="chip">${t.label("origin",s.origin)}</span>`:l}
        ${s.visibility==="private"?a`<span class="chip private">${t("visibility.private")}</span>`:l}
        ${s.tier&&s.tier!=="active"?a`<span class="chip tier">${t.label("tier",s.tier)}</span>`:l}
        ${(s.people||[]).length?a`<span class="secondary">${s.people.join(", ")}</span>`:l}
        <span class="secondary">${R(e,s)||$(e,s.created_at)}</span>
      </div>
    </div>
    ${n!==null?a`<div class="relevance" title=${t("list.relevance_hint")}>
          <span class="secondary">${t("list.relevance")}</span>
          <strong>${w(e,n)}</strong>
          ${kt(n)}
        </div>`:l}
  </li>`}var Ke=300,we=()=>({kinds:[],weight_classes:[],people:[],tags:[],origins:[],visibility:"",tier:"active",created_after:"",created_before:""});function Ee(s,t){let e=(n,o)=>!n.length||n.includes(o);if(!e(t.kinds,s.kind)||!e(t.weight_classes,s.weight_class)||!e(t.origins,s.origin)||t.visibility&&s.visibility!==t.visibility||(s.tier||"active")!==(t.tier||"active"))return!1;let i=n=>(n||[]).map(o=>String(o).toLowerCase());if(t.people.length&&!i(t.people).some(n=>i(s.people).includes(n))||t.tags.length&&!i(t.tags).some(n=>i(s.tags).includes(n)))return!1;let r=s.created_at?s.created_at.slice(0,10):"";return!(t.created_after&&r<t.created_after||t.created_before&&r>t.created_before)}var St=class extends b{static properties={...b.properties,active:{type:Boolean},firstPage:{attribute:!1},_query:{state:!0},_filters:{state:!0},_items:{state:!0},_total:{state:!0},_next:{state:!0},_searched:{state:!0},_retrieval:{state:!0}};constructor(){super(),this._query="",this._filters=we(),this._items=[],this._total=0,this._next=null,this._loading=!1,this._searched="",this._painted=!1,this.active=!1,this.firstPage=void 0,this._retrieval=void 0,this._exporting=!1,this._filtersOpen=!1,this._timer=void 0}firstUpdated(){this._load()}get _filterCount(){let t=this._filters;return t.kinds.length+t.weight_classes.length+t.people.length+t.tags.length+t.origins.length+(t.visibility?1:0)+(t.tier!=="active"?1:0)+(t.created_after?1:0)+(t.created_before?1:0)}async _load(t=!1,e=V){let i=this._query.trim(),r=this.firstPage;this.firstPage=void 0;let{current:n,failed:o}=await this.track(()=>r&&!t&&!i&&!this._filterCount?r:i?ee(this.hass,i,this._filters,t?this._next:0):U(this.hass,this._filters,t?this._next:null,e),h=>{this._items=t?[...this._items,...h.memories]:h.memories,typeof h.total=="number"?this._total=h.total:t||(this._total=this._items.length),this._next=i?h.next_offset??null:h.next_cursor??null,this._searched=i,this._retrieval=h.retrieval_mode},{keepError:t});if(!n)return;let d=this._loads;o&&!t&&(this._items=[]),await this.updateComplete,!this._painted&&!this._error&&(this._painted=!0,performance.mark("home-memory-first-results"));let c=this._items.length<V&&this._next!==null;!t&&!i&&c&&d===this._loads&&!this._error&&this._load(!0,V-this._items.length)}_onInput(t){this._query=t.target.value,clearTimeout(this._timer),this._timer=setTimeout(()=>this._load(),Ke)}_onSearchKey(t){t.key==="Enter"&&(clearTimeout(this._timer),this._load())}_setFilter(t,e){this._filters={...this._filters,[t]:e},this._load()}_clearFilters(){this._filters=we(),this._load()}onLive(t){let e=t.memory?.id||t.memory_id;if(!e)return;let i=this._items.findIndex(o=>o.id===e),r=!!this._searched;if(t.type==="purged"||t.type==="hidden"){i>=0&&this._remove(i);return}let n=t.memory;if(i>=0){if(n&&Ee(n,this._filters)){let o=[...this._items];o[i]={...o[i],...n},this._items=o}else this._remove(i);return}!r&&n&&["created","restored","forgotten"].includes(t.type)&&Ee(n,this._filters)&&(this._items=[n,...this._items],this._total+=1)}async _export(){this._exporting=!0,this.requestUpdate();try{let t=await pe(this.hass),e=new Blob([t.join(`
`)+(t.length?`
`:"")],{type:"application/x-ndjson"}),i=document.createElement("a");i.href=URL.createObjectURL(e),i.download=`home-memory-${new Date().toISOString().slice(0,10)}.jsonl`,i.click(),setTimeout(()=>URL.revokeObjectURL(i.href),1e4)}catch(t){this._error=t}finally{this._exporting=!1,this.requestUpdate()}}_remove(t){this._items=this._items.filter((e,i)=>i!==t),this._total=Math.max(0,this._total-1)}_select(t,e,i,r,n){return a`<label>
      ${e}
      <select
        name=${t}
        @change=${o=>this._setFilter(t,o.target.value?[o.target.value]:[])}
      >
        <option value="" ?selected=${!r.length}>${this.t("filter.any")}</option>
        ${i.map(o=>a`<option value=${o} ?selected=${r[0]===o}>${n(o)}</option>`)}
      </select>
    </label>`}_renderFilters(){let t=this.t,e=this._filters,i=this.info||{},r=i.user?.is_admin??this.hass?.user?.is_admin,n=i.tiers||["active"],o=new Map;for(let c of this._items)for(let h of c.people||[])o.set(String(h).toLowerCase(),h);let d=c=>o.get(String(c).toLowerCase())??c;return a`<details
      class="filters"
      ?open=${this._filtersOpen||this._filterCount>0}
      @toggle=${c=>this._filtersOpen=c.target.open}
    >
      <summary>
        ${this._filterCount?t("filter.title_count",{count:this._filterCount}):t("filter.title")}
      </summary>
      <div class="filter-grid">
        ${this._select("kinds",t("filter.kind"),i.kinds||I,e.kinds,c=>t.label("kind",c))}
        ${this._select("weight_classes",t("filter.weight_class"),i.weight_classes||it,e.weight_classes,c=>t.label("weight_class",c))}
        ${this._select("people",t("filter.person"),i.people||[],e.people,d)}
        ${this._select("origins",t("filter.source"),i.origins||ve,e.origins,c=>t.label("origin",c))}
        <label>
          ${t("filter.visibility")}
          <select name="visibility" @change=${c=>this._setFilter("visibility",c.target.value)}>
            <option value="" ?selected=${!e.visibility}>${t("filter.any")}</option>
            <option value="household" ?selected=${e.visibility==="household"}>${t("visibility.household")}</option>
            <option value="private" ?selected=${e.visibility==="private"}>${t("visibility.private_mine")}</option>
          </select>
        </label>
        ${n.length>1?a`<label>
              ${t("filter.tier")}
              <select name="tier" @change=${c=>this._setFilter("tier",c.target.value)}
                aria-describedby=${!r&&e.tier!=="active"?"tier-hint":l}>
                ${n.map(c=>a`<option value=${c} ?selected=${e.tier===c}>${t.label("tier",c)}</option>`)}
              </select>
            </label>`:l}
        <label>
          ${t("filter.tags")}
          <input
            name="tags"
            type="text"
            .value=${e.tags.join(", ")}
            placeholder=${t("filter.tags_placeholder")}
            @change=${c=>this._setFilter("tags",c.target.value.split(",").map(h=>h.trim()).filter(Boolean))}
          />
        </label>
        <label>
          ${t("filter.from")}
          <input name="created_after" type="date" .value=${e.created_after}
            @change=${c=>this._setFilter("created_after",c.target.value)} />
        </label>
        <label>
          ${t("filter.until")}
          <input name="created_before" type="date" .value=${e.created_before}
            @change=${c=>this._setFilter("created_before",c.target.value)} />
        </label>
      </div>
      ${!r&&e.tier!=="active"?a`<p id="tier-hint" class="secondary hint">${t("filter.tier_own_private")}</p>`:l}
      ${this._filterCount?a`<button class="clear" @click=${this._clearFilters}>${t("filter.clear")}</button>`:l}
    </details>`}_renderEmpty(){let t=this.t;if(this._searched)return a`<div class="empty" role="status">
        <strong>${t("list.no_results_title",{query:this._searched})}</strong>
        ${t("list.no_results_body")}
      </div>`;if(this._filterCount)return a`<div class="empty" role="status">
        <strong>${t("list.no_match_title")}</strong>
        ${t("list.no_match_body")}
        <div><button @click=${this._clearFilters}>${t("filter.clear")}</button></div>
      </div>`;let e=this.info?.user?.can_write??!this.hass?.user?.is_read_only;return a`<div class="empty" role="status">
      <strong>${t("list.empty_title")}</strong>
      ${t(e?"list.empty_body":"list.empty_body_read_only")}
    </div>`}render(){let t=this.t;if(!t)return l;let e=this._items;return a`
      <h2 class="visually-hidden">${t("nav.memories")}</h2>
      <div class="search">
        <label class="search-label">
          <span class="visually-hidden">${t("list.search_label")}</span>
          <input
            type="search"
            name="query"
            autocomplete="off"
            placeholder=${t("list.search_placeholder")}
            .value=${this._query}
            @input=${this._onInput}
            @keydown=${this._onSearchKey}
          />
        </label>
      </div>
      ${this._renderFilters()}
      <div class="status row spread">
        <span role="status" aria-live="polite">
        ${this._loading&&!e.length?a`<span class="secondary">${t("list.loading")}</span>`:this._error?l:a`<span class="secondary count">
                ${this._searched?t("list.results_count",{count:this._total,query:this._searched}):t("list.count",{count:this._total})}
              </span>`}
        </span>
        <button class="export" @click=${this._export} ?disabled=${this._exporting}
          title=${t("list.export_hint")}>${t("list.export")}</button>
      </div>
      ${this.renderError(()=>this._load())}
      ${!this._loading&&!this._error&&!e.length?this._renderEmpty():l}
      ${e.length?a`<ul class="memories" aria-label=${t("nav.memories")}>
            ${e.map(i=>xe(i,{t,hass:this.hass,prefix:this.prefix,scored:!!this._searched}))}
          </ul>`:l}
      ${this._next!==null&&this._next!==void 0&&e.length?a`<div class="more">
            <button @click=${()=>this._load(!0)} ?disabled=${this._loading}>
              ${t("list.more")}
            </button>
          </div>`:l}
    `}static styles=[g,fe,m`
      :host {
        display: flex;
        flex-direction: column;
        gap: 12px;
      }
      .search input {
        outline-offset: 0;
        width: 100%;
        min-height: 48px;
        font-size: 1.05em;
        border-radius: 24px;
        padding: 0 20px;
      }
      details.filters {
        background: var(--card-background-color, #fff);
        border: 1px solid var(--divider-color, #e0e0e0);
        border-radius: var(--ha-card-border-radius, 12px);
        padding: 8px 16px;
      }
      details.filters summary {
        cursor: pointer;
        min-height: 32px;
        display: flex;
        align-items: center;
        gap: 8px;
        font-weight: 500;
        list-style: none;
      }
      details.filters summary::-webkit-details-marker {
        display: none;
      }
      details.filters summary::before {
        content: "";
        width: 6px;
        height: 6px;
        border-right: 2px solid currentColor;
        border-bottom: 2px solid currentColor;
        transform: rotate(-45deg);
        transition: transform 0.15s;
      }
      details.filters[open] summary::before {
        transform: rotate(45deg);
      }
      .filter-grid {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
        gap: 12px;
        padding: 12px 0;
      }
      .filter-grid select,
      .filter-grid input {
        width: 100%;
      }
      button.clear {
        margin-bottom: 8px;
      }
      p.hint {
        margin: 0 0 12px;
      }
      .spread {
        justify-content: space-between;
      }
      button.export {
        min-height: 32px;
        font-size: 0.9em;
      }
      .more {
        display: flex;
        justify-content: center;
        padding: 8px;
      }
      @media (max-width: 600px) {
        .filter-grid {
          grid-template-columns: 1fr 1fr;
        }
      }
    `]};customElements.get("hm-memory-list")||customElements.define("hm-memory-list",St);var Ct=class extends _{static properties={heading:{},body:{},confirmLabel:{},cancelLabel:{}};constructor(){super(),this.heading="",this.body="",this.confirmLabel="",this.cancelLabel="",this._answered=!1}firstUpdated(){this.renderRoot.querySelector("dialog")?.showModal()}_answer(t){this._answered||(this._answered=!0,this.renderRoot.querySelector("dialog")?.close(),this.dispatchEvent(new CustomEvent(t,{bubbles:!0,composed:!0})))}render(){return a`<dialog
      aria-labelledby="confirm-title"
      @close=${()=>this._answer("hm-cancel")}
      @cancel=${()=>this._answer("hm-cancel")}
    >
      <h3 id="confirm-title">${this.heading}</h3>
      <p>${this.body}</p>
      <div class="row end">
        <button @click=${()=>this._answer("hm-cancel")} autofocus>${this.cancelLabel}</button>
        <button class="danger primary" @click=${()=>this._answer("hm-confirm")}>${this.confirmLabel}</button>
      </div>
    </dialog>`}static styles=[g,m`
      dialog {
        border: none;
        border-radius: var(--ha-dialog-border-radius, 24px);
        background: var(--card-background-color, #fff);
        color: var(--primary-text-color, #212121);
        padding: 24px;
        max-width: min(90vw, 440px);
      }
      dialog::backdrop {
        background: rgba(0, 0, 0, 0.4);
      }
      h3 {
        margin: 0 0 12px;
        font-size: 1.3em;
        font-weight: 400;
      }
      .end {
        justify-content: flex-end;
      }
    `]};customElements.get("hm-confirm-dialog")||customElements.define("hm-confirm-dialog",Ct);var Ge=["summary","kind","weight_class","importance","people","tags","location","visibility"],ke=s=>s.split(",").map(t=>t.trim()).filter(Boolean);function Ae(s){if(!s)return"";let t=new Date(s);if(Number.isNaN(t.getTime()))return"";let e=i=>String(i).padStart(2,"0");return`${t.getFullYear()}-${e(t.getMonth()+1)}-${e(t.getDate())}T${e(t.getHours())}:${e(t.getMinutes())}`}function Je(s,t){let e={},i=d=>String(s.get(d)??"").trim();i("content")!==t.content&&(e.content=i("content")),i("summary")!==(t.summary||"")&&(e.summary=i("summary")),i("kind")!==t.kind&&(e.kind=i("kind")),i("weight_class")!==t.weight_class&&(e.weight_class=i("weight_class"));let r=Number(i("importance"));!Number.isNaN(r)&&Math.abs(r-t.importance)>1e-9&&(e.importance=r);let n=ke(i("people"));n.join(`
`)!==(t.people||[]).join(`
`)&&(e.people=n);let o=ke(i("tags"));return o.join(`
`)!==(t.tags||[]).join(`
`)&&(e.tags=o),i("location")!==(t.location||"")&&(e.location=i("location")),s.has("visibility")&&i("visibility")!==t.visibility&&(e.visibility=i("visibility")),s.get("clear_expiry")?t.expires_at&&(e.clear_expiry=!0):i("expires_at")&&i("expires_at")!==Ae(t.expires_at)&&(e.expires_at=new Date(i("expires_at")).toISOString()),i("happened_at")&&(e.happened_at=i("happened_at")),e}var Pt=class extends _{static properties={t:{attribute:!1},info:{attribute:!1},memory:{attribute:!1},conflict:{attribute:!1},busy:{type:Boolean}};constructor(){super(),this.t=void 0,this.info=void 0,this.memory=void 0,this.conflict=void 0,this.busy=!1,this.hass=void 0}firstUpdated(){this.renderRoot.querySelector("#edit-content")?.focus()}_submit(t){t.preventDefault();let e=new FormData(t.target),i=Je(e,this.memory);this.dispatchEvent(new CustomEvent("hm-save",{detail:{changes:i},bubbles:!0,composed:!0}))}_cancel(){this.dispatchEvent(new CustomEvent("hm-cancel",{bubbles:!0,composed:!0}))}_renderConflict(){let t=this.t,e=this.memory,i=this.conflict;if(!i)return l;let r=(d,c)=>c==null||c===""?"—":Array.isArray(c)?c.length?c.join(", "):"—":d==="kind"?t.label("kind",c):d==="weight_class"?t.label("weight_class",c):d==="importance"?w(this.hass,c):d==="visibility"?t(`visibility.${c}`):String(c),n=Ge.filter(d=>JSON.stringify(i[d]??null)!==JSON.stringify(e[d]??null)),o={weight_class:"field.weight_class",location:"field.place"};return a`<section class="card conflict" aria-labelledby="conflict-title">
      <h3 id="conflict-title">${t("memory.conflict_title",{version:i.version})}</h3>
      <p class="secondary">${t("memory.conflict_body")}</p>
      <p class="text newer">${i.content}</p>
      ${n.length?a`<dl>
            ${n.map(d=>a`<div class="field">
                <dt>${t(o[d]||`field.${d}`)}</dt>
                <dd>${r(d,i[d])}</dd>
              </div>`)}
          </dl>`:l}
    </section>`}render(){let t=this.t,e=this.memory;if(!t||!e)return l;let i=e.owner&&e.owner===this.info?.user?.id;return a`${this._renderConflict()}
      <form class="card edit" @submit=${this._submit}>
        ${st(t,e,{rows:4,contentId:"edit-content"})}
        <div class="grid">
          ${rt(t,this.info?.kinds||I,e.kind)}
          <label>
            ${t("field.weight_class")}
            <select name="weight_class">
              ${(this.info?.weight_classes||it).map(r=>a`<option value=${r} ?selected=${r===e.weight_class}>${t.label("weight_class",r)}</option>`)}
            </select>
          </label>
          <label>
            ${t("field.importance")}
            <input name="importance" type="number" min="0" max="1" step="0.05" .value=${String(e.importance)} />
          </label>
          <label>
            ${t("field.place")}
            <input name="location" maxlength="100" .value=${e.location||""} />
          </label>
          <label>
            ${t("field.people")}
            <input name="people" .value=${(e.people||[]).join(", ")} placeholder=${t("field.comma_separated")} />
          </label>
          <label>
            ${t("field.tags")}
            <input name="tags" .value=${(e.tags||[]).join(", ")} placeholder=${t("field.comma_separated")} />
          </label>
          <label>
            ${t("field.happened")}
            ${e.happened_at?a`<output class="fixed">${R(this.hass,e)}</output>`:l}
            <input name="happened_at" maxlength="200" aria-describedby="happened-hint" placeholder=${t("field.happened_placeholder")} />
            <span id="happened-hint" class="secondary hint">${t("field.happened_hint")}</span>
          </label>
          <label>
            ${t("field.expires")}
            <input name="expires_at" type="datetime-local" .value=${Ae(e.expires_at)} />
          </label>
          ${i?a`<label>
                ${t("field.visibility")}
                <select name="visibility">
                  <option value="household" ?selected=${e.visibility==="household"}>${t("visibility.household")}</option>
                  <option value="private" ?selected=${e.visibility==="private"}>${t("visibility.private_mine")}</option>
                </select>
              </label>`:l}
        </div>
        ${e.expires_at?a`<label class="check"><input type="checkbox" name="clear_expiry" /> ${t("field.clear_expiry")}</label>`:l}
        <div class="row end">
          <button type="button" @click=${this._cancel}>${t("action.cancel")}</button>
          <button type="submit" class="primary" ?disabled=${this.busy}>${t("action.save")}</button>
        </div>
      </form>`}static styles=[g,m`
      :host {
        display: flex;
        flex-direction: column;
        gap: 12px;
      }
      h3 {
        margin: 0 0 12px;
        font-size: 1.1em;
        font-weight: 500;
      }
      .edit {
        display: flex;
        flex-direction: column;
        gap: 12px;
      }
      .grid {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
        gap: 12px;
      }
      .grid input,
      .grid select {
        width: 100%;
      }
      output.fixed {
        min-height: 40px;
        padding: 8px 10px;
        border: 1px dashed var(--divider-color, #ccc);
        border-radius: 8px;
        color: var(--primary-text-color, #212121);
        font-size: 1.11em;
        overflow-wrap: anywhere;
      }
      .hint {
        font-size: 0.85em;
      }
      label.check {
        flex-direction: row;
        align-items: center;
        gap: 8px;
      }
      label.check input {
        min-height: auto;
      }
      .end {
        justify-content: flex-end;
      }
      .conflict {
        border-left: 4px solid var(--warning-color, #ffa600);
      }
      .conflict p.newer {
        font-size: 1.1em;
        margin: 8px 0;
        white-space: pre-line;
        overflow-wrap: anywhere;
      }
      dl {
        margin: 0;
        display: grid;
        grid-template-columns: minmax(120px, max-content) 1fr;
        gap: 8px 16px;
      }
      .field {
        display: contents;
      }
      dt {
        color: var(--secondary-text-color, #727272);
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
      }
    `]};customElements.get("hm-memory-edit-form")||customElements.define("hm-memory-edit-form",Pt);var Se=8,Tt=class extends _{static properties={t:{attribute:!1},provenance:{attribute:!1},memoryId:{},noTurnsText:{},_allEvents:{state:!0}};constructor(){super(),this.t=void 0,this.provenance=void 0,this.memoryId=void 0,this.noTurnsText="",this._allEvents=!1,this.hass=void 0}willUpdate(t){t.has("memoryId")&&(this._allEvents=!1)}_renderEvents(t){let e=this.t,i=this._allEvents?t:t.slice(0,Se),r=i.map(o=>Math.floor(Date.parse(o.at)/6e4)),n=new Set(r).size<r.length;return a`<div class="provenance">
      <h4 id="events-title">${e("memory.from_events")}</h4>
      <ol class="events" aria-labelledby="events-title">
        ${i.map(o=>a`<li>
            <time class="secondary" datetime=${o.at}>${D(this.hass,o.at,n)}</time>
            <span>
              ${e("today.event",{name:o.name||o.entity_id,old:H(this.hass,o,o.old_state),new:H(this.hass,o,o.new_state)})}
              ${o.area?a`<span class="secondary">· ${o.area}</span>`:l}
            </span>
          </li>`)}
      </ol>
      ${t.length>Se?a`<button class="more" @click=${()=>this._allEvents=!this._allEvents}
            aria-expanded=${this._allEvents?"true":"false"}>
            ${this._allEvents?e("memory.events_fewer"):e("memory.events_all",{count:t.length})}
          </button>`:l}
    </div>`}_who(t,e){return t.role==="user"&&e.speaker_name?e.speaker_name:this.t(`memory.role_${t.role}`)}render(){let t=this.t,e=this.provenance;if(!t||!e)return l;let i=e.conversation,r=e.events||[],n=e.event_ids||[];return a`
      ${i?a`<div class="provenance">
            <h4>${t("memory.from_conversation")}</h4>
            ${i.turns?.length?a`<ol class="turns">
                  ${i.turns.map(o=>a`<li class=${o.role}>
                      <span class="secondary">${this._who(o,i)} · ${D(this.hass,o.at)}</span>
                      <div>${o.text}</div>
                    </li>`)}
                </ol>`:a`<p class="secondary">${this.noTurnsText}</p>`}
          </div>`:l}
      ${r.length?this._renderEvents(r):n.length?a`<div class="provenance">
              <h4>${t("memory.from_events")}</h4>
              <p class="secondary">${t("memory.from_event_ids",{count:n.length})}</p>
            </div>`:l}
    `}static styles=[g,m`
      :host {
        display: block;
      }
      h4 {
        margin: 16px 0 8px;
        font-weight: 500;
      }
      ol.turns,
      ol.events {
        list-style: none;
        padding: 0;
        margin: 0;
        display: flex;
        flex-direction: column;
        gap: 8px;
      }
      ol.events li {
        display: grid;
        grid-template-columns: minmax(3.5em, max-content) 1fr;
        gap: 8px;
        overflow-wrap: anywhere;
      }
      ol.events time {
        font-variant-numeric: tabular-nums;
      }
      button.more {
        margin-top: 8px;
      }
      ol.turns li {
        padding: 8px 12px;
        border-radius: 8px;
        background: var(--secondary-background-color, #f5f5f5);
        overflow-wrap: anywhere;
      }
      ol.turns li.user {
        border-left: 3px solid var(--primary-color, #03a9f4);
      }
    `]};customElements.get("hm-memory-provenance")||customElements.define("hm-memory-provenance",Tt);var Ce=s=>s?.code==="not_found"||s?.translation_key==="memory_not_found",Nt=class extends b{static properties={...b.properties,memoryId:{},_data:{state:!0},_editing:{state:!0},_busy:{state:!0},_notice:{state:!0},_actionError:{state:!0},_confirm:{state:!0},_gone:{state:!0},_conflict:{state:!0},_audit:{state:!0}};constructor(){super(),this.memoryId=void 0,this._data=void 0,this._editing=!1,this._busy=!1,this._notice=void 0,this._actionError=void 0,this._confirm=void 0,this._gone=void 0,this._conflict=void 0,this._conflictUnanswered=!1,this._audit=void 0}updated(t){t.has("memoryId")&&this.memoryId&&(this._editing=!1,this._notice=void 0,this._actionError=void 0,this._gone=void 0,this._conflict=void 0,this._load()),super.updated(t)}async _load(){let t=this.memoryId,{current:e,failed:i}=await this.track(()=>bt(this.hass,t),r=>this._data=r);!e||t!==this.memoryId||(i?this._data=void 0:this.isAdmin&&this._loadAudit(t))}async _loadAudit(t){try{let e=await he(this.hass,t);t===this.memoryId&&(this._audit=e.entries||[])}catch{this._audit=void 0}}_renderAudit(){let t=this.t;return!this.isAdmin||!this._audit?l:a`<section class="card" aria-labelledby="audit-title">
      <h3 id="audit-title">${t("memory.audit")}</h3>
      ${this._audit.length?a`<ol class="audit">
            ${this._audit.map(e=>a`<li>
                <span class="secondary">${$(this.hass,e.at)}</span>
                ${t.label("operation",e.operation)}
                ${e.actor_name?a`<span class="secondary">· ${e.actor_name}</span>`:l}
              </li>`)}
          </ol>`:a`<p class="secondary">${t("memory.audit_empty")}</p>`}
    </section>`}onLive(t){if((t.memory?.id||t.memory_id)!==this.memoryId)return;if(t.type==="purged"||t.type==="hidden"){this._gone=t.type;return}if(this._busy)return;if(t.type==="forgotten"){this._editing=!1,this._conflict=void 0,this._notice=void 0,this._mayManage?this._load():this._gone="forgotten";return}let i=this._data?.memory;if(!(t.type==="updated"&&i&&(t.memory?.version??0)<=i.version)){if(this._editing){t.memory&&t.memory.version>(this._conflict?.version??0)&&(this._conflict=t.memory,this._conflictUnanswered=!0);return}this._load()}}get _mayManage(){return!!(this._data?.may_manage??this.isAdmin)}get _isPrivate(){return this._data?.memory?.visibility==="private"}async _run(t,e,i){this._busy=!0,this._actionError=void 0,this._notice=void 0;try{let r=await t();return e&&(this._notice=e),r}catch(r){if(i&&await i(r))return;this._actionError=r,r?.translation_key==="memory_changed"&&this._load();return}finally{this._busy=!1}}async _saveFailed(t){if(!(t?.translation_key==="memory_changed")&&!Ce(t))return!1;let i;try{i=await bt(this.hass,this.memoryId)}catch(r){if(!Ce(r))return!1}return!i||i.memory.tier!=="active"?(this._editing=!1,this._conflict=void 0,i?(this._data=i,this._notice=this.t("memory.not_saved_forgotten")):this._gone="missing",!0):(this._conflict=i.memory,this._conflictUnanswered=!1,this._notice=this.t("memory.conflict_not_saved"),!0)}_cancelEdit(){this._editing=!1,this._conflict&&(this._conflict=void 0,this._notice=void 0,this._load())}async _save(t){let e=this._data.memory,i=t.detail.changes;if(!Object.keys(i).length){this._cancelEdit();return}if(this._conflict&&this._conflictUnanswered){this._conflictUnanswered=!1,this._notice=this.t("memory.conflict_not_saved");return}let r=this._conflict?.version??e.version;await this._run(async()=>{let o=await ie(this.hass,e.id,r,i);return this._data={...this._data,memory:o.memory},this._editing=!1,this._conflict=void 0,o},this.t("memory.saved"),o=>this._saveFailed(o))&&(await this._load(),this.renderRoot.querySelector("#edit-button")?.focus())}async _revert(t){let e=this._data.memory;await this._run(async()=>{let r=await se(this.hass,e.id,t,e.version);return this._data={...this._data,memory:r.memory},r},this.t("memory.reverted",{version:t}))&&await this._load()}async _confirmed(){let t=this._confirm;this._confirm=void 0;let e=this._data.memory;if(t==="forget")await this._run(()=>re(this.hass,e.id,e.version))&&(this._mayManage?await this._load():this._gone="forgotten");else if(t==="purge"){let i=this._data.may_manage===void 0?void 0:e.tier;await this._run(()=>oe(this.hass,e.id,i))&&(this._gone="purged")}}async _restore(){let t=this._data.memory;await this._run(()=>ne(this.hass,t.id),this.t("memory.restored_notice"))&&await this._load()}_renderDialog(){let t=this.t,e=this._confirm;if(!e||!t)return l;let i=e==="forget"&&this._isPrivate?"memory.confirm_forget_body_private":`memory.confirm_${e}_body`;return a`<hm-confirm-dialog
      .heading=${t(`memory.confirm_${e}_title`)}
      .body=${t(i)}
      .confirmLabel=${t(`action.${e}`)}
      .cancelLabel=${t("action.cancel")}
      @hm-confirm=${this._confirmed}
      @hm-cancel=${()=>this._confirm=void 0}
    ></hm-confirm-dialog>`}_noTurnsText(){let t=this._data?.memory,e=this.info?.user?.id??this.hass?.user?.id;if(t?.speaker&&e&&t.speaker!==e){let i=this._data?.provenance?.conversation?.speaker_name;return i?this.t("memory.conversation_not_yours_named",{name:i}):this.t("memory.conversation_not_yours")}return this.t("memory.conversation_trimmed")}_renderHistory(t,e){let i=this.t;if(!t?.length)return a`<p class="secondary">${i("memory.no_history")}</p>`;let r=this.canWrite&&e.tier==="active";return a`<ol class="history">
      ${t.map(n=>a`<li class="card">
          <div class="row spread">
            <strong>${i("memory.version",{version:n.version})}</strong>
            <span class="secondary">${i("memory.replaced_at",{when:$(this.hass,n.replaced_at)})}</span>
          </div>
          <p class="text">${n.content}</p>
          ${n.importance!==e.importance||n.kind!==e.kind?a`<p class="secondary">${i.label("kind",n.kind)} · ${i("field.importance")} ${K(this.hass,n.importance)}</p>`:l}
          ${r?a`<button @click=${()=>this._revert(n.version)} ?disabled=${this._busy}
                aria-label=${i("memory.undo_to_label",{version:n.version})}>
                ${i("memory.undo_to",{version:n.version})}
              </button>`:l}
        </li>`)}
    </ol>`}render(){let t=this.t;if(!t)return l;let e=a`<a class="back" href=${this.prefix}>← ${t("memory.back")}</a>`;if(this._gone)return a`${e}
        <div class="empty" role="status">
          <strong>${t(this._gone==="forgotten"&&this._isPrivate?"memory.gone_forgotten_private":`memory.gone_${this._gone}`)}</strong>
          <a href=${this.prefix}>${t("memory.back")}</a>
        </div>`;if(this._loading&&!this._data)return a`${e}<p class="secondary" role="status">${t("list.loading")}</p>`;if(this._error){let p=this._error.code==="not_found";return a`${e}
        <div class="notice error" role="alert">
          <strong>${t(p?"memory.not_found_title":"error.load")}</strong>
          <p>${p?t("memory.not_found_body"):v(this._error,t)}</p>
          ${p?l:a`<button @click=${this._load}>${t("action.retry")}</button>`}
        </div>`}let{memory:i,decay:r,provenance:n,history:o}=this._data,d=i.tier==="active",c=this.canWrite,h=(p,f)=>f==null||f===""||Array.isArray(f)&&!f.length?l:a`<div class="field"><dt>${p}</dt><dd>${Array.isArray(f)?f.join(", "):f}</dd></div>`,u=[R(this.hass,i),i.time_of_day?t.label("time_of_day",i.time_of_day):"",i.day_type?t.label("day_type",i.day_type):""].filter(Boolean).join(" · ");return a`
      ${e}
      ${d?l:a`<div class="notice error tier-banner" role="status">
            ${i.tier==="deleted"?t("memory.deleted_banner",{when:$(this.hass,i.deleted_at)}):t("memory.archived_banner",{when:$(this.hass,i.archived_at)})}
          </div>`}
      ${this._notice?a`<div class="notice" role="status">${this._notice}</div>`:l}
      ${this._actionError?a`<div class="notice error" role="alert">${v(this._actionError,t)}</div>`:l}
      <section class="card main" aria-labelledby="memory-text">
        <h2 id="memory-text" class="text">${i.content}</h2>
        ${At(i.summary,i.content)?a`<p class="secondary">${i.summary}</p>`:l}
        <div class="row chips">
          <span class="chip">${t.label("kind",i.kind)}</span>
          ${t.label("weight_class",i.weight_class)!==t.label("kind",i.kind)?a`<span class="chip">${t.label("weight_class",i.weight_class)}</span>`:l}
          <span class="chip">${i.visibility==="private"?t("visibility.private"):t("visibility.household")}</span>
          ${d?l:a`<span class="chip">${t.label("tier",i.tier)}</span>`}
        </div>
        <div class="row actions">
          ${c&&d&&!this._editing?a`<button id="edit-button" @click=${()=>this._editing=!0}>${t("action.edit")}</button>
                <button class="danger" @click=${()=>this._confirm="forget"} ?disabled=${this._busy}>${t("action.forget")}</button>`:l}
          ${this._mayManage&&!d?a`<button class="primary" @click=${this._restore} ?disabled=${this._busy}>${t("action.restore")}</button>`:l}
          ${this._mayManage?a`<button class="danger" @click=${()=>this._confirm="purge"} ?disabled=${this._busy}>${t("action.purge")}</button>`:l}
        </div>
      </section>
      ${this._editing?a`<hm-memory-edit-form
            .t=${t}
            .info=${this.info}
            .hass=${this.hass}
            .memory=${i}
            .conflict=${this._conflict}
            ?busy=${this._busy}
            @hm-save=${this._save}
            @hm-cancel=${this._cancelEdit}
          ></hm-memory-edit-form>`:l}
      <section class="card" aria-labelledby="details-title">
        <h3 id="details-title">${t("memory.details")}</h3>
        <dl>
          ${h(t("field.importance"),w(this.hass,i.importance))}
          ${r?a`<div class="field">
                <dt>${t("field.effective_importance")}</dt>
                <dd>
                  <strong>${w(this.hass,r.effective_importance_now??i.effective_importance)}</strong>
                  ${kt(r.effective_importance_now??i.effective_importance)}
                  <div class="secondary">
                    ${t("memory.decay_explained",{importance:w(this.hass,i.importance),bonus:K(this.hass,r.reinforcement??1),factor:K(this.hass,r.factor),half_life:K(this.hass,r.half_life_days,0)})}
                    ${t(i.access_count?"memory.last_used":"memory.unused_since",{count:Math.round(r.days_since_access)})}
                  </div>
                </dd>
              </div>`:h(t("field.effective_importance"),w(this.hass,i.effective_importance))}
          ${h(t("field.people"),i.people)}
          ${h(t("field.place"),i.location)}
          ${h(t("field.happened"),u)}
          ${h(t("field.created"),$(this.hass,i.created_at))}
          ${i.updated_at!==i.created_at?h(t("field.updated"),$(this.hass,i.updated_at)):l}
          ${h(t("field.expires"),i.expires_at?$(this.hass,i.expires_at):t("memory.never"))}
          ${h(t("field.owner"),i.visibility==="private"?i.owner_name||t("visibility.private_mine"):t("visibility.household"))}
          ${h(t("field.tags"),i.tags)}
          ${h(t("field.emotion"),i.emotion)}
          ${h(t("field.source"),i.origin?t.label("origin",i.origin):i.source)}
          ${h(t("field.used"),t("memory.used",{count:i.access_count??0}))}
          ${h(t("field.version"),String(i.version))}
        </dl>
        <hm-memory-provenance
          .t=${t}
          .hass=${this.hass}
          .provenance=${n}
          .memoryId=${this.memoryId}
          .noTurnsText=${this._noTurnsText()}
        ></hm-memory-provenance>
      </section>
      <section class="card" aria-labelledby="history-title">
        <h3 id="history-title">${t("memory.history")}</h3>
        ${this._renderHistory(o,i)}
      </section>
      ${this._renderAudit()}
      ${this._renderDialog()}
    `}static styles=[g,m`
      :host {
        display: flex;
        flex-direction: column;
        gap: 12px;
      }
      a.back {
        align-self: flex-start;
        padding: 8px 0;
        text-decoration: none;
      }
      h2.text {
        margin: 0 0 8px;
        font-size: 1.3em;
        font-weight: 400;
        white-space: pre-line;
        overflow-wrap: anywhere;
      }
      h3 {
        margin: 0 0 12px;
        font-size: 1.1em;
        font-weight: 500;
      }
      .chips {
        margin-bottom: 12px;
      }
      .actions {
        margin-top: 8px;
      }
      dl {
        margin: 0;
        display: grid;
        grid-template-columns: minmax(120px, max-content) 1fr;
        gap: 8px 16px;
      }
      .field {
        display: contents;
      }
      dt {
        color: var(--secondary-text-color, #727272);
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
      }
      dd .bar {
        width: 120px;
        margin-left: 8px;
      }
      .spread {
        justify-content: space-between;
      }
      ol.history,
      ol.audit {
        list-style: none;
        padding: 0;
        margin: 0;
        display: flex;
        flex-direction: column;
        gap: 8px;
      }
      p.text {
        white-space: pre-line;
        overflow-wrap: anywhere;
      }
      @media (max-width: 600px) {
        dl {
          grid-template-columns: 1fr;
          gap: 2px;
        }
        dd {
          margin-bottom: 8px;
        }
      }
    `]};customElements.get("hm-memory-page")||customElements.define("hm-memory-page",Nt);var Pe=s=>String(s||"").replace(/[.!?]+\s*$/,""),Ut=class extends b{static properties={...b.properties,_proposals:{state:!0},_editing:{state:!0},_busy:{state:!0},_done:{state:!0},_actionError:{state:!0}};constructor(){super(),this._proposals=[],this._done=[]}firstUpdated(){this._load()}onLive(t){t.type==="proposals"&&!this._busy&&this._load()}async _load(){await this.track(()=>ae(this.hass),t=>this._proposals=t.proposals||[])}async _act(t,e){this._busy=t.id,this._actionError=void 0;try{if(e==="confirm"){let r=((await $t(this.hass,[t.id],[])).memories||[])[0];this._done=[{summary:t.summary,memory:r,action:"confirmed"},...this._done]}else await $t(this.hass,[],[t.id]),this._done=[{summary:t.summary,action:"rejected"},...this._done];this._proposals=this._proposals.filter(i=>i.id!==t.id)}catch(i){this._actionError=i,i?.code==="not_found"&&this._load()}finally{this._busy=void 0}}async _saveEdit(t,e){t.preventDefault();let i=new FormData(t.target),r=o=>String(i.get(o)??"").trim(),n={};r("content")!==e.content&&(n.content=r("content")),r("summary")!==e.summary&&(n.summary=r("summary")),r("kind")!==e.kind&&(n.kind=r("kind")),r("visibility")!==e.visibility&&(n.visibility=r("visibility")),this._busy=e.id,this._actionError=void 0;try{let o=await le(this.hass,e.id,n);this._done=[{summary:o.memory?.content||e.summary,memory:o.memory,action:"confirmed"},...this._done],this._proposals=this._proposals.filter(d=>d.id!==e.id),this._editing=void 0}catch(o){this._actionError=o}finally{this._busy=void 0}}_renderEdit(t){let e=this.t;return a`<form class="edit" @submit=${i=>this._saveEdit(i,t)}>
      ${st(e,t)}
      <div class="row">
        ${rt(e,this.info?.kinds||I,t.kind)}
        <label>
          ${e("field.visibility")}
          <select name="visibility">
            <option value="household" ?selected=${t.visibility==="household"}>${e("visibility.household")}</option>
            <option value="private" ?selected=${t.visibility==="private"}>${e("visibility.private_mine")}</option>
          </select>
        </label>
      </div>
      <div class="row end">
        <button type="button" @click=${()=>this._editing=void 0}>${e("action.cancel")}</button>
        <button type="submit" class="primary" ?disabled=${!!this._busy}>${e("inbox.save_and_confirm")}</button>
      </div>
    </form>`}_renderProposal(t){let e=this.t,i=this._busy===t.id,r=this._editing===t.id;return a`<li class="card proposal">
      <h3 class="summary">${t.summary}</h3>
      ${t.content&&t.content!==t.summary?a`<p class="content">${t.content}</p>`:l}
      <div class="row meta">
        <span class="chip">${e.label("kind",t.kind)}</span>
        <span class="chip">${t.visibility==="private"?e("visibility.private"):e("visibility.household")}</span>
        <span class="secondary">${$(this.hass,t.created_at)}</span>
      </div>
      ${r?this._renderEdit(t):this.canWrite?a`<div class="row actions">
              <button class="primary" ?disabled=${i} @click=${()=>this._act(t,"confirm")}
                aria-label=${e("inbox.confirm_label",{summary:t.summary})}>${e("inbox.confirm")}</button>
              <button ?disabled=${i} @click=${()=>this._editing=t.id}
                aria-label=${e("inbox.edit_label",{summary:t.summary})}>${e("action.edit")}</button>
              <button class="danger" ?disabled=${i} @click=${()=>this._act(t,"reject")}
                aria-label=${e("inbox.reject_label",{summary:t.summary})}>${e("inbox.reject")}</button>
            </div>`:l}
    </li>`}render(){let t=this.t;return t?a`
      <h2>${t("inbox.title")}</h2>
      <p class="secondary intro">${t("inbox.intro")}</p>
      ${this._actionError?a`<div class="notice error" role="alert">${v(this._actionError,t)}</div>`:l}
      <div role="status" aria-live="polite" class="done">
        ${this._done.slice(0,3).map(e=>a`<div class="notice">
            ${e.action==="confirmed"?a`${t("inbox.confirmed",{summary:Pe(e.summary)})}
                  ${e.memory?a`<a href=${G(this.prefix,e.memory.id)}>${t("inbox.open_memory")}</a>`:l}`:t("inbox.rejected",{summary:Pe(e.summary)})}
          </div>`)}
      </div>
      ${this.renderLoading()}
      ${this.renderError(()=>this._load())}
      ${!this.firstLoading&&!this._error&&!this._proposals.length?a`<div class="empty" role="status">
            <strong>${t("inbox.empty_title")}</strong>
            ${t("inbox.empty_body")}
          </div>`:l}
      ${this._proposals.length?a`<ul class="proposals">${this._proposals.map(e=>this._renderProposal(e))}</ul>`:l}
    `:l}static styles=[g,m`
      :host {
        display: flex;
        flex-direction: column;
        gap: 12px;
      }
      h2 {
        margin: 8px 0 0;
        font-size: 1.3em;
        font-weight: 400;
      }
      .intro {
        margin: 0;
      }
      ul.proposals {
        list-style: none;
        padding: 0;
        margin: 0;
        display: flex;
        flex-direction: column;
        gap: 8px;
      }
      h3.summary {
        margin: 0 0 6px;
        font-size: 1.1em;
        font-weight: 500;
        overflow-wrap: anywhere;
      }
      .content {
        margin: 0 0 8px;
        white-space: pre-line;
        overflow-wrap: anywhere;
      }
      .meta {
        font-size: 0.9em;
        margin-bottom: 12px;
      }
      .done {
        display: flex;
        flex-direction: column;
        gap: 8px;
      }
      .done a {
        margin-left: 8px;
      }
      .edit {
        display: flex;
        flex-direction: column;
        gap: 12px;
      }
      .end {
        justify-content: flex-end;
      }
    `]};customElements.get("hm-inbox")||customElements.define("hm-inbox",Ut);var Ye=500,Lt=class extends b{static properties={...b.properties,_memories:{state:!0},_next:{state:!0},_pending:{state:!0},_pendingError:{state:!0}};constructor(){super(),this._memories=[],this._next=null,this._pending=void 0,this._pendingError=void 0,this._timers=new Map}firstUpdated(){this._load(),this._loadPending()}onLive(t){t.type==="pending"?this._soon("_loadPending"):(t.memory?.origin==="observed"||t.memory_id)&&this._soon("_load")}_soon(t){clearTimeout(this._timers.get(t)),this._timers.set(t,setTimeout(()=>this[t](),Ye))}async _load(t=!1){await this.track(()=>U(this.hass,{origins:["observed"],created_after:$e(this.hass)},t?this._next:null,200),e=>{this._memories=t?[...this._memories,...e.memories]:e.memories,this._next=e.next_cursor??null})}async _loadPending(){this._pendingError=void 0;try{this._pending=await ce(this.hass,50)}catch(t){this._pending=void 0,this._pendingError=t}}_renderPending(){let t=this.t;if(this._pendingError)return this._pendingError.translation_key==="observer_not_running"?a`<div class="notice">${t("today.observer_off")}</div>`:a`<div class="notice error" role="alert">
        ${v(this._pendingError,t)}
        <div><button @click=${this._loadPending}>${t("action.retry")}</button></div>
      </div>`;let e=this._pending;return e?e.events?a`
      <p class="secondary">
        ${t("today.pending_count",{count:e.events,since:D(this.hass,e.oldest_event_at)})}
      </p>
      <ol class="timeline pending">
        ${(e.items||[]).map(i=>a`<li>
            <time class="when">${D(this.hass,i.at)}</time>
            <div class="what">
              ${t("today.event",{name:i.name||i.entity_id,old:H(this.hass,i,i.old_state),new:H(this.hass,i,i.new_state)})}
              ${i.area?a`<span class="secondary">· ${i.area}</span>`:l}
            </div>
          </li>`)}
      </ol>
      ${e.more?a`<p class="secondary">${t("today.pending_more")}</p>`:l}
    `:a`<p class="secondary empty-line">${t("today.pending_none")}</p>`:a`<p class="secondary">${t("list.loading")}</p>`}render(){let t=this.t;if(!t)return l;let e=[...this._memories].sort((i,r)=>(i.segment_start||i.created_at).localeCompare(r.segment_start||r.created_at));return a`
      <section aria-labelledby="today-title">
        <h2 id="today-title">${t("today.title")}</h2>
        ${this.renderLoading()}
        ${this.renderError(()=>this._load())}
        ${!this.firstLoading&&!this._error&&!e.length?a`<div class="empty" role="status">
              <strong>${t("today.empty_title")}</strong>
              ${t("today.empty_body")}
            </div>`:l}
        ${e.length?a`<ol class="timeline">
              ${e.map(i=>a`<li>
                  <time class="when" datetime=${i.segment_start||i.created_at}>
                    ${Et(this.hass,i.segment_start||i.created_at,i.segment_end)}
                  </time>
                  <div class="what">
                    <a href=${G(this.prefix,i.id)}>${i.content}</a>
                  </div>
                </li>`)}
            </ol>`:l}
        ${this._next?a`<button @click=${()=>this._load(!0)}>${t("list.more")}</button>`:l}
      </section>
      <section aria-labelledby="pending-title" class="card">
        <h2 id="pending-title">${t("today.pending_title")}</h2>
        ${this._renderPending()}
      </section>
    `}static styles=[g,m`
      :host {
        display: flex;
        flex-direction: column;
        gap: 16px;
      }
      h2 {
        margin: 8px 0 12px;
        font-size: 1.3em;
        font-weight: 400;
      }
      ol.timeline {
        list-style: none;
        margin: 0;
        padding: 0 0 0 8px;
        border-left: 2px solid var(--primary-color, #03a9f4);
      }
      ol.timeline li {
        position: relative;
        display: flex;
        gap: 12px;
        padding: 8px 0 8px 16px;
      }
      ol.timeline li::before {
        content: "";
        position: absolute;
        left: -15px;
        top: 14px;
        width: 10px;
        height: 10px;
        border-radius: 50%;
        background: var(--primary-color, #03a9f4);
        border: 2px solid var(--primary-background-color, #fafafa);
      }
      ol.pending {
        border-left-style: dashed;
        border-left-color: var(--secondary-text-color, #727272);
      }
      ol.pending li::before {
        background: var(--secondary-text-color, #727272);
      }
      .when {
        min-width: 64px;
        flex: none;
        white-space: nowrap;
        font-variant-numeric: tabular-nums;
        color: var(--secondary-text-color, #727272);
      }
      .what {
        flex: 1;
        min-width: 0;
        overflow-wrap: anywhere;
      }
      /* At most three lines of a long memory; the whole text is on its page. */
      .what a {
        color: var(--primary-text-color, #212121);
        display: -webkit-box;
        -webkit-box-orient: vertical;
        -webkit-line-clamp: 3;
        line-clamp: 3;
        overflow: hidden;
      }
    `]};customElements.get("hm-today")||customElements.define("hm-today",Lt);performance.mark("home-memory-module");var Xe="M3,6H21V8H3V6M3,11H21V13H3V11M3,16H21V18H3V16Z",Mt=class extends _{static properties={narrow:{type:Boolean},route:{attribute:!1},panel:{attribute:!1},_t:{state:!0},_info:{state:!0},_error:{state:!0},_live:{state:!0},_proposalCount:{state:!0}};constructor(){super(),this._hass=void 0,this._t=void 0,this._live=void 0,this._language=void 0,this.narrow=!1,this.route=void 0,this.panel=void 0}get hass(){return this._hass}set hass(t){let e=!this._hass;this._hass=t,(e||t.language!==this._language)&&(this._language=t.language,this._start());for(let i of this.renderRoot?.querySelectorAll?.("[data-view]")||[])i.hass=t}async _start(){let t=this._hass;!this._firstPage&&this._view().name==="list"&&(this._firstPage=U(t,{},null,te),this._firstPage.catch(()=>{}));let i=Promise.resolve(this._firstPage).catch(()=>{}).then(()=>yt(t)).then(r=>{this._info=r,this._proposalCount=r.counts?.proposals??0},r=>console.warn("Home Memory: info unavailable",r));try{this._t=vt(await me(t),t.language||"en"),this._error=void 0}catch(r){this._t=this._t||vt({}),this._error=r}await i,this._subscribe()}async _subscribe(){if(!(this._subscribing||this._unsubscribe||!this.isConnected)){this._subscribing=!0;try{this._unsubscribe=await de(this._hass,t=>this._onLive(t))}catch(t){console.warn("Home Memory: live updates unavailable",t)}finally{this._subscribing=!1}this.isConnected||this._stopLive()}}_onLive(t){this._live={...t,at:performance.now()},t.type==="proposals"&&this._refreshInfo()}async _refreshInfo(){try{this._info=await yt(this._hass),this._proposalCount=this._info.counts?.proposals??0}catch{}}connectedCallback(){super.connectedCallback(),this._hass&&this._t&&this._subscribe()}disconnectedCallback(){super.disconnectedCallback(),this._stopLive()}_stopLive(){let t=this._unsubscribe;this._unsubscribe=void 0,t&&Promise.resolve(t()).catch(()=>{})}get _prefix(){return this.route?.prefix||"/memory"}_view(){let e=(this.route?.path||"").split("/").filter(Boolean);if(!e.length)return{name:"list"};if(e[0]==="m"&&e.length===2)try{return{name:"memory",id:decodeURIComponent(e[1])}}catch{return{name:"unknown"}}return e.length===1&&e[0]==="inbox"?{name:"inbox"}:e.length===1&&e[0]==="today"?{name:"today"}:{name:"unknown"}}_onClick(t){if(t.defaultPrevented||t.button!==0||t.metaKey||t.ctrlKey||t.shiftKey||t.altKey)return;let e=t.composedPath().find(r=>r.tagName==="A");if(!e||e.target||!e.href)return;let i=new URL(e.href);i.origin!==location.origin||!i.pathname.startsWith(this._prefix)||(t.preventDefault(),ue(i.pathname+i.search))}_toggleMenu(){this.dispatchEvent(new Event("hass-toggle-menu",{bubbles:!0,composed:!0}))}render(){let t=this._t;if(!t)return a`<div class="loading" role="status">…</div>`;let e=this._view(),i=this._prefix,r=(o,d,c)=>a`<a
      href=${d}
      class="tab"
      aria-current=${e.name===o||o==="list"&&e.name==="memory"?"page":"false"}
      >${c}</a
    >`,n=this._proposalCount;return a`
      <div class="page" @click=${this._onClick}>
        <header>
          <div class="toolbar">
            ${this.narrow||this._hass.dockedSidebar==="always_hidden"?a`<button class="menu" @click=${this._toggleMenu}
                  aria-label=${this._hass.localize?.("ui.sidebar.sidebar_toggle")||t("sidebar")}>
                  <svg viewBox="0 0 24 24" aria-hidden="true"><path d=${Xe}></path></svg>
                </button>`:l}
            <h1>${t("title")}</h1>
          </div>
          <nav aria-label=${t("nav.label")}>
            ${r("list",i,t("nav.memories"))}
            ${r("inbox",`${i}/inbox`,n?t("nav.inbox_count",{count:n}):t("nav.inbox"))}
            ${r("today",`${i}/today`,t("nav.today"))}
          </nav>
        </header>
        <main>
          ${this._error?a`<div class="notice error" role="alert">
                <strong>${t("error.start")}</strong>
                <p>${v(this._error,t)}</p>
                <button @click=${()=>this._start()}>${t("action.retry")}</button>
              </div>`:l}
          <hm-memory-list
            data-view
            .hass=${this._hass}
            .t=${t}
            .info=${this._info}
            .live=${this._live}
            .prefix=${i}
            .firstPage=${this._firstPage}
            ?hidden=${e.name!=="list"}
            .active=${e.name==="list"}
          ></hm-memory-list>
          ${e.name==="unknown"?a`<div class="empty unknown" role="status">
                <strong>${t("unknown.title")}</strong>
                ${t("unknown.body")}
                <div><a href=${i}>${t("memory.back")}</a></div>
              </div>`:l}
          ${e.name==="memory"?a`<hm-memory-page
                data-view
                .hass=${this._hass}
                .t=${t}
                .info=${this._info}
                .live=${this._live}
                .prefix=${i}
                .memoryId=${e.id}
              ></hm-memory-page>`:l}
          ${e.name==="inbox"?a`<hm-inbox
                data-view
                .hass=${this._hass}
                .t=${t}
                .info=${this._info}
                .live=${this._live}
                .prefix=${i}
              ></hm-inbox>`:l}
          ${e.name==="today"?a`<hm-today
                data-view
                .hass=${this._hass}
                .t=${t}
                .info=${this._info}
                .live=${this._live}
                .prefix=${i}
              ></hm-today>`:l}
        </main>
      </div>
    `}static styles=[g,m`
      :host {
        display: block;
        min-height: 100vh;
        background: var(--primary-background-color, #fafafa);
      }
      header {
        position: sticky;
        top: 0;
        z-index: 2;
        background: var(--app-header-background-color, var(--primary-color, #03a9f4));
        color: var(--app-header-text-color, var(--text-primary-color, #fff));
        border-bottom: var(--app-header-border-bottom, none);
        padding-top: var(--safe-area-inset-top, 0);
      }
      .toolbar {
        display: flex;
        align-items: center;
        gap: 8px;
        min-height: 56px;
        padding: 0 16px;
      }
      h1 {
        margin: 0;
        font-size: var(--ha-font-size-xl, 20px);
        font-weight: 400;
      }
      button.menu {
        border: none;
        background: transparent;
        color: inherit;
        padding: 8px;
        min-height: 40px;
        border-radius: 50%;
      }
      button.menu svg {
        width: 24px;
        height: 24px;
        fill: currentColor;
      }
      button.menu:focus-visible {
        outline-color: currentColor;
      }
      nav {
        display: flex;
        gap: 4px;
        padding: 0 8px;
        overflow-x: auto;
      }
      .tab {
        color: inherit;
        text-decoration: none;
        padding: 12px 12px 10px;
        border-bottom: 3px solid transparent;
        white-space: nowrap;
        opacity: 0.85;
      }
      .tab[aria-current="page"] {
        border-bottom-color: currentColor;
        opacity: 1;
        font-weight: 500;
      }
      .tab:focus-visible {
        outline-color: currentColor;
        outline-offset: -4px;
      }
      main {
        max-width: 960px;
        margin: 0 auto;
        padding: 16px;
      }
      [hidden] {
        display: none !important;
      }
      .unknown div {
        margin-top: 12px;
      }
      .loading {
        padding: 32px;
        text-align: center;
      }
      @media (max-width: 600px) {
        main {
          padding: 8px;
        }
      }
    `]};customElements.get("home-memory-panel")||customElements.define("home-memory-panel",Mt);
/*! Bundled license information:

@lit/reactive-element/css-tag.js:
  (**
   * @license
   * Copyright 2019 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/reactive-element.js:
lit-html/lit-html.js:
lit-element/lit-element.js:
  (**
   * @license
   * Copyright 2017 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/is-server.js:
  (**
   * @license
   * Copyright 2022 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)
*/
