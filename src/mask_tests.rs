//! The masker's table: each row is a command line as rtk would store it and what must remain.
//! `MASKED` rows must change exactly as written; `NEAR_MISSES` must stay as they are.

use super::*;

/// (input, masked).
const MASKED: &[(&str, &str)] = &[
    // Secret-named options, separate and joined values.
    (
        "curl --token abc123 https://x",
        "curl --token *** https://x",
    ),
    ("tool --api-key=XYZ run", "tool --api-key=*** run"),
    ("tool --api-key XYZ run", "tool --api-key *** run"),
    ("tool --apikey XYZ", "tool --apikey ***"),
    ("tool --password hunter2", "tool --password ***"),
    ("tool --password=hunter2", "tool --password=***"),
    (
        "wget --http-password=hunter2 http://h/",
        "wget --http-password=*** http://h/",
    ),
    (
        "wget --ftp-password hunter2 ftp://h/",
        "wget --ftp-password *** ftp://h/",
    ),
    (
        "helm repo add r https://c --password s3cret",
        "helm repo add r https://c --password ***",
    ),
    (
        "vault login --auth-token abc",
        "vault login --auth-token ***",
    ),
    ("tool --access-token abc", "tool --access-token ***"),
    ("tool --client-secret abc", "tool --client-secret ***"),
    ("tool --secret abc", "tool --secret ***"),
    (
        "aws --aws-secret-access-key abc",
        "aws --aws-secret-access-key ***",
    ),
    (
        "openssl enc -k x -pass pass:hunter2",
        "openssl enc -k x -pass ***",
    ),
    (
        "openssl rsa -passin pass:hunter2",
        "openssl rsa -passin pass:***",
    ),
    ("tool --passphrase abc", "tool --passphrase ***"),
    ("tool --private-key abc", "tool --private-key ***"),
    ("tool -password=abc", "tool -password=***"),
    ("tool --credentials abc", "tool --credentials ***"),
    // Program-specific options.
    (
        "curl -u alice:pass https://h",
        "curl -u alice:*** https://h",
    ),
    (
        "curl --user alice:pass https://h",
        "curl --user alice:*** https://h",
    ),
    ("curl -ualice:pass https://h", "curl -ualice:*** https://h"),
    ("curl -U proxy:pw https://h", "curl -U proxy:*** https://h"),
    ("curl -b session=abc https://h", "curl -b *** https://h"),
    (
        "curl --cookie session=abc https://h",
        "curl --cookie *** https://h",
    ),
    (
        "http -a alice:pass example.org",
        "http -a alice:*** example.org",
    ),
    ("mysql -u root -phunter2 db", "mysql -u root -p*** db"),
    ("mysqldump -psecret db", "mysqldump -p*** db"),
    (
        "docker login -u bob -p hunter2 reg.io",
        "docker login -u bob -p *** reg.io",
    ),
    (
        "docker login --password hunter2 reg.io",
        "docker login --password *** reg.io",
    ),
    (
        "podman login -p hunter2 quay.io",
        "podman login -p *** quay.io",
    ),
    ("sshpass -p hunter2 ssh host", "sshpass -p *** ssh host"),
    ("redis-cli -a hunter2 ping", "redis-cli -a *** ping"),
    // Headers, quoted (one word) and as the shell would split them.
    (
        "curl -H Authorization: Basic dXNlcjpwYXNz https://h",
        "curl -H Authorization: Basic *** https://h",
    ),
    (
        "curl -H Authorization: Bearer abc.def https://h",
        "curl -H Authorization: Bearer *** https://h",
    ),
    (
        "curl -H Authorization:Bearer abc https://h",
        "curl -H Authorization:Bearer *** https://h",
    ),
    (
        "curl -H Authorization:abc https://h",
        "curl -H Authorization:*** https://h",
    ),
    (
        "curl -H authorization: token ghp_x https://h",
        "curl -H authorization: token *** https://h",
    ),
    (
        "curl -H X-Api-Key: abc123 https://h",
        "curl -H X-Api-Key: *** https://h",
    ),
    (
        "curl -H X-Api-Key:abc123 https://h",
        "curl -H X-Api-Key:*** https://h",
    ),
    (
        "curl -H PRIVATE-TOKEN: glpat-x https://h",
        "curl -H PRIVATE-TOKEN: *** https://h",
    ),
    (
        "curl -H Job-Token: abc https://h",
        "curl -H Job-Token: *** https://h",
    ),
    (
        "curl -H X-Auth-Token: abc https://h",
        "curl -H X-Auth-Token: *** https://h",
    ),
    (
        "curl -H Proxy-Authorization: Basic abc https://h",
        "curl -H Proxy-Authorization: Basic *** https://h",
    ),
    (
        "curl -H Cookie: sid=abc; theme=dark https://h",
        "curl -H Cookie: ***; *** https://h",
    ),
    (
        "curl -H Cookie:sid=abc https://h",
        "curl -H Cookie:*** https://h",
    ),
    (
        "curl -H Ocp-Apim-Subscription-Key: abc https://h",
        "curl -H Ocp-Apim-Subscription-Key: *** https://h",
    ),
    (
        "curl -H X-Session: abc https://h",
        "curl -H X-Session: *** https://h",
    ),
    (
        "curl --header=Authorization: Bearer abc https://h",
        "curl --header=Authorization: Bearer *** https://h",
    ),
    (
        "http example.org Authorization:Bearer abc",
        "http example.org Authorization:Bearer ***",
    ),
    ("tool bearer abc", "tool bearer ***"),
    // URLs.
    (
        "git clone https://me:hunter2@example.com/r.git",
        "git clone https://***@example.com/r.git",
    ),
    (
        "wget http://bob:SECRET@host/file",
        "wget http://***@host/file",
    ),
    (
        "git clone https://ghp_0123456789abcdefghij0123@github.com/o/r",
        "git clone https://***@github.com/o/r",
    ),
    (
        "git clone https://oauth2:glpat-abc@gitlab.com/o/r",
        "git clone https://***@gitlab.com/o/r",
    ),
    (
        "psql postgresql://app:pw@db:5432/x",
        "psql postgresql://***@db:5432/x",
    ),
    (
        "curl https://h/api?token=abc&page=2",
        "curl https://h/api?token=***&page=2",
    ),
    (
        "curl https://h/api?page=2&api_key=abc",
        "curl https://h/api?page=2&api_key=***",
    ),
    (
        "curl https://h/f?X-Amz-Signature=abc&X-Amz-Credential=def",
        "curl https://h/f?X-Amz-Signature=***&X-Amz-Credential=***",
    ),
    (
        "curl https://maps.example/x?key=AIzaSyA0123456789abcdefghijkl",
        "curl https://maps.example/x?key=***",
    ),
    (
        "curl -d '' https://hooks.slack.com/services/T0/B0/XXXX",
        "curl -d '' https://hooks.slack.com/services/***",
    ),
    (
        "curl https://discord.com/api/webhooks/123/tok",
        "curl https://discord.com/api/webhooks/***",
    ),
    // Assignments and pairs.
    (
        "env GITHUB_TOKEN=ghp_x cargo test",
        "env GITHUB_TOKEN=*** cargo test",
    ),
    ("env MY_PASS=hunter2 make", "env MY_PASS=*** make"),
    ("PGPASSWORD=hunter2 psql", "PGPASSWORD=*** psql"),
    ("MYSQL_PWD=hunter2 mysql", "MYSQL_PWD=*** mysql"),
    (
        "AWS_SECRET_ACCESS_KEY=abc aws s3 ls",
        "AWS_SECRET_ACCESS_KEY=*** aws s3 ls",
    ),
    (
        "OPENAI_API_KEY=abc python x.py",
        "OPENAI_API_KEY=*** python x.py",
    ),
    (
        "docker run -e DB_PASSWORD=abc img",
        "docker run -e DB_PASSWORD=*** img",
    ),
    (
        "helm install x --set auth.password=abc",
        "helm install x --set auth.password=***",
    ),
    (
        "npm config set //registry.npmjs.org/:_authToken=abc",
        "npm config set //registry.npmjs.org/:_authToken=***",
    ),
    (
        "az x --cs DefaultEndpointsProtocol=https;AccountName=a;AccountKey=abc;EndpointSuffix=s",
        "az x --cs DefaultEndpointsProtocol=https;AccountName=a;AccountKey=***;EndpointSuffix=s",
    ),
    (
        "curl -d user=bob&password=hunter2 https://h",
        "curl -d user=bob&password=*** https://h",
    ),
    (
        "curl -d clientSecret=abc https://h",
        "curl -d clientSecret=*** https://h",
    ),
    // JSON bodies.
    (
        "curl -d {\"password\":\"hunter2\"} https://h",
        "curl -d {\"password\":\"***\"} https://h",
    ),
    (
        "curl -d {\"user\":\"bob\",\"token\":\"abc\"} https://h",
        "curl -d {\"user\":\"bob\",\"token\":\"***\"} https://h",
    ),
    (
        "curl -d {\"password\": \"hunter2\"} https://h",
        "curl -d {\"password\": \"***\"} https://h",
    ),
    (
        "curl -d {\"apiKey\":\"abc\",\"n\":1} https://h",
        "curl -d {\"apiKey\":\"***\",\"n\":1} https://h",
    ),
    // Token formats anywhere.
    ("gh auth ghp_0123456789abcdefghijXYZ", "gh auth ***"),
    (
        "echo github_pat_11ABCDEFG0123456789_abcdefghijklmnop",
        "echo ***",
    ),
    ("tool glpat-0123456789abcdefghij", "tool ***"),
    ("tool xoxb-0123456789-abcdefghijkl", "tool ***"),
    ("tool sk-proj-0123456789abcdefghijkl", "tool ***"),
    ("tool AKIAIOSFODNN7EXAMPLE1", "tool ***"),
    ("tool hf_0123456789abcdefghijkl", "tool ***"),
    ("tool npm_0123456789abcdefghijkl", "tool ***"),
    ("tool pypi-AgEIcHlwaS5vcmcCJGFiY2Rl", "tool ***"),
    (
        "x --data=\"ghp_0123456789abcdefghijXYZ\"",
        "x --data=\"***\"",
    ),
    (
        "curl -H X-Other: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sig_abc https://h",
        "curl -H X-Other: *** https://h",
    ),
];

/// Lines that look a little like secrets and must stay exactly as they are.
const NEAR_MISSES: &[&str] = &[
    "git status",
    "git log --author bob",
    "git commit --author=bob -m msg",
    "docker run -p 8080:80 img",
    "docker login --password-stdin -u bob reg.io",
    "docker login -u bob reg.io",
    "ps -u root",
    "git add -u",
    "ssh git@github.com",
    "git clone ssh://git@github.com/o/r.git",
    "git clone https://github.com/o/r.git",
    "ls --password-file=",
    "tool --token-file /x/t",
    "aws secretsmanager get-secret-value --secret-id prod/db",
    "gh auth login --with-token",
    "tool --no-auth run",
    "tool --auth-type basic",
    "python -m tokenizers --tokenizer gpt2",
    "PWD=/tmp make",
    "COMPASS=1 make",
    "cargo test token",
    "curl -H Content-Type: application/json https://h",
    "curl -H Accept: text/plain https://h",
    "grep -rn password src",
    "rg sk-learn",
    "pip install scikit-learn",
    "echo AKIA",
    "mysql -u root -p db",
    "make TOKENIZE=0",
    "curl https://h/api?page=2&sort=asc",
    "curl -d {\"user\":\"bob\"} https://h",
    "kubectl get secrets",
    "openssl rsa -passin env:PASS",
    "tool --sort-key name",
    "git -c core.autocrlf=false status",
];

#[test]
fn every_masked_form_is_masked_as_written() {
    let mut wrong = Vec::new();
    for (input, want) in MASKED {
        let got = line(input);
        if got != *want {
            wrong.push(format!("{input}\n  got  {got}\n  want {want}"));
        }
        assert_eq!(line(&got), got, "masking is idempotent: {input}");
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(MASKED.len() >= 60, "{} forms", MASKED.len());
}

#[test]
fn near_misses_stay_unmasked() {
    let wrong: Vec<String> = NEAR_MISSES
        .iter()
        .filter(|l| line(l) != **l)
        .map(|l| format!("{l}\n  got {}", line(l)))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(NEAR_MISSES.len() >= 30);
}

#[test]
fn whitespace_collapses_and_a_word_masks_alone() {
    assert_eq!(line("git   log \t -5"), "git log -5");
    assert_eq!(word("http://bob:SECRET@host"), "http://***@host");
    assert_eq!(word("git"), "git");
    assert_eq!(
        line("echo héé ghp_0123456789abcdefghijXYZé"),
        "echo héé ***é"
    );
}

proptest::proptest! {
    /// Any text, including multi-byte characters at every position: no panic, one output word
    /// per input word, and each word either kept or masked (it holds the mask).
    #[test]
    fn any_text_keeps_its_words_and_never_panics(
        words in proptest::collection::vec("[a-zA-Z0-9_:=/@.&;\"'{}é€-]{0,30}", 0..12),
    ) {
        let input = words.join(" ");
        let out = line(&input);
        let ins: Vec<&str> = input.split_whitespace().collect();
        let outs: Vec<&str> = out.split_whitespace().collect();
        proptest::prop_assert_eq!(ins.len(), outs.len());
        for (a, b) in ins.iter().zip(&outs) {
            proptest::prop_assert!(a == b || b.contains(MASK), "{} -> {}", a, b);
        }
    }
}
