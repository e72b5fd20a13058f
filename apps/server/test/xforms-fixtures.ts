/** An ODK XForms document using every control the subset reads. */
export const CLAIM_FORM = `<?xml version="1.0" encoding="UTF-8"?>
<h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
  <h:head>
    <h:title>Claim form</h:title>
    <model>
      <instance>
        <data id="claim">
          <intro/><policy/><notes/><cover/><channel/><extras/><reason/>
        </data>
      </instance>
      <bind nodeset="/data/intro" type="string" readonly="true()"/>
      <bind nodeset="/data/policy" type="string" required="true()" constraint="regex(., 'P-[0-9]{4}') and string-length(.) &lt;= 6"/>
      <bind nodeset="/data/notes" type="string" constraint="string-length(.) &lt;= 200"/>
      <bind nodeset="/data/cover" type="select1" required="true()"/>
      <bind nodeset="/data/channel" type="select1"/>
      <bind nodeset="/data/extras" type="select"/>
      <bind nodeset="/data/reason" type="string" required="true()" relevant="/data/cover = 'other'"/>
    </model>
  </h:head>
  <h:body>
    <input ref="/data/intro"><label>Fill in the claim data</label></input>
    <group>
      <input ref="/data/policy"><label>Policy number</label><hint>P-0000</hint></input>
      <input ref="/data/notes" appearance="multiline"><label>Notes</label></input>
    </group>
    <h:br/>
    <select1 ref="/data/cover" appearance="minimal"><label>Cover</label>
      <item><label>Home</label><value>home</value></item>
      <item><label>Car</label><value>car</value></item>
      <item><label>Other</label><value>other</value></item>
    </select1>
    <select1 ref="/data/channel"><label>Contact by</label>
      <item><label>Phone</label><value>phone</value></item>
      <item><label>Mail</label><value>mail</value></item>
    </select1>
    <select ref="/data/extras"><label>Extras</label>
      <item><label>Glass</label><value>glass</value></item>
      <item><label>Theft</label><value>theft</value></item>
    </select>
    <input ref="/data/reason"><label>Why other</label></input>
  </h:body>
</h:html>`;

/** A document declaring an external entity (XXE). */
export const XXE_FORM = `<?xml version="1.0"?>
<!DOCTYPE data [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<h:html xmlns:h="http://www.w3.org/1999/xhtml"><h:head><model><instance><data><a/></data></instance></model></h:head>
<h:body><input ref="/data/a"><label>&secret;</label></input></h:body></h:html>`;
